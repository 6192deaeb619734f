/// The character cells of a line set in a monospaced face, found in its ink (as Tesseract's layout analysis
/// tests a row for fixed pitch before it cuts the row into words: textord's `topitch`).
///
/// In a monospaced face every character, the space too, takes one cell of the same width, and each glyph's ink
/// stays inside its cell. So the boundaries between cells pass through every gap between two glyphs and through
/// no glyph; a word space is an empty cell, a gap of at least a cell's width. A colon or a semicolon is narrow
/// ink in a full cell, so the gap after it is half a cell or more: read on its own, a piece such as
/// `PATH=$HOME/bin:$PATH` comes back from the network as `bin: $PATH`, because nothing in the piece shows how
/// wide a space of this face is. The cells do (`LineRecognizer.recognizeWords` keeps a space inside a piece of a
/// fixed-pitch line only where the ink has room for an empty cell).
struct FixedPitch {
    /// The width of a cell, in pixels.
    let pitch: Double
    /// The line's gaps between ink, in page columns.
    let gaps: [(left: Int, width: Int)]

    /// The fewest stretches of ink (column runs) a line needs before its pitch is trusted: a few glyphs fit
    /// some grid by chance.
    static let minimumRuns = 8
    /// The range of cell widths tried, in x-heights as `InkProfile` measures them (a monospaced cell is 0.6 em;
    /// the measured x-height is about 0.55 em in lowercase text, up to the capitals' 0.73 em in code and digits).
    static let pitchRange = 0.6...1.4
    /// How far (pixels) a cell boundary may cut into a stretch of ink at either end (edge pixels of a glyph
    /// that anti-aliasing or JPEG spread over the boundary).
    static let tolerance = 1.0
    /// A line is fixed-pitch only with at least one gap this many cells wide: an empty cell, a word space.
    static let wordSpace = 0.9
    /// Gap widths, in cells, too wide for two glyphs' side bearings and too narrow for an empty cell.
    static let betweenKernAndSpace = 0.65..<0.9
    /// How wide a gap must be, in cells, to hold a space.
    static let emptyCell = 0.8

    /// The cells of the line whose ink `profile` measured, or nil when no single pitch puts a cell boundary in
    /// every gap between its stretches of ink and through none of them (one miss in twelve is allowed: two
    /// glyphs that touch, a speck).
    init?(profile: InkProfile) {
        guard let xHeight = profile.xHeight, xHeight >= 4 else { return nil }
        let gaps = profile.gaps
        var runs: [(left: Int, right: Int)] = []
        var start = profile.firstInk
        for gap in gaps {
            runs.append((start, gap.left))
            start = gap.left + gap.width
        }
        runs.append((start, profile.lastInk + 1))
        guard runs.count >= Self.minimumRuns else { return nil }
        let allowed = runs.count / 12
        var best: (misses: Int, pitch: Double)? = nil
        let low = Self.pitchRange.lowerBound * Double(xHeight), high = Self.pitchRange.upperBound * Double(xHeight)
        // A pitch is kept only with a gap of `wordSpace` cells (below): without a gap that wide for the narrowest
        // pitch tried, no search is needed.
        guard Double(gaps.map(\.width).max() ?? 0) >= Self.wordSpace * low else { return nil }
        var pitch = low
        while pitch <= high {
            var origin = 0.0
            while origin < pitch {
                let misses = Self.misses(pitch: pitch, origin: Double(profile.firstInk) - origin, runs: runs,
                                         gaps: gaps, limit: best.map { min($0.misses, allowed + 1) } ?? allowed + 1)
                if misses <= allowed, misses < best?.misses ?? Int.max {
                    best = (misses, pitch)
                }
                origin += 0.25
            }
            pitch += 0.1
        }
        // Tabular digits and short runs of similar letters fit a grid too; what they lack is a space a whole
        // cell wide ("1946 4588": a proportional space is about half a digit's cell).
        // A gap between two glyphs is under two side bearings, a space at least a cell: gaps in between are a
        // proportional face's spaces ("1/2 g basil" fits a grid of its letters, one miss allowed).
        guard let best, gaps.contains(where: { Double($0.width) >= Self.wordSpace * best.pitch }),
              best.misses + gaps.filter({ Self.betweenKernAndSpace.contains(Double($0.width) / best.pitch) }).count
                <= allowed
        else { return nil }
        self.pitch = best.pitch
        self.gaps = gaps
    }

    /// How many gaps hold no cell boundary and how many stretches of ink a boundary cuts (beyond `tolerance`),
    /// counting up to `limit`.
    private static func misses(pitch: Double, origin: Double, runs: [(left: Int, right: Int)],
                               gaps: [(left: Int, width: Int)], limit: Int) -> Int {
        var misses = 0
        for run in runs {
            // The first boundary right of the run's left edge (plus tolerance) must not come before its right
            // edge (minus tolerance).
            let from = Double(run.left) + tolerance, to = Double(run.right) - tolerance
            guard to > from else { continue }
            let next = origin + ((from - origin) / pitch).rounded(.up) * pitch
            if next < to {
                misses += 1
                if misses >= limit { return misses }
            }
        }
        for gap in gaps {
            let from = Double(gap.left) - 0.5, to = Double(gap.left + gap.width) + 0.5
            let next = origin + ((from - origin) / pitch).rounded(.up) * pitch
            if next > to {
                misses += 1
                if misses >= limit { return misses }
            }
        }
        return misses
    }

    /// Whether a gap at least `emptyCell` cells wide lies within a cell of page column `column` (a space read
    /// there has room in the ink).
    func hasEmptyCell(near column: Double) -> Bool {
        gaps.contains { gap in
            Double(gap.width) >= Self.emptyCell * pitch && Double(gap.left + gap.width) >= column - pitch
                && Double(gap.left) <= column + pitch
        }
    }

    /// `characters` (read from page columns `columns` in `steps` output steps) without the spaces that have
    /// no empty cell in the ink near them.
    func keepingSpacesWithRoom(_ characters: [CharacterTable.ReadCharacter], steps: Int, columns: Range<Int>)
        -> [CharacterTable.ReadCharacter]
    {
        guard steps > 0, characters.contains(where: { $0.text == " " }) else { return characters }
        return characters.filter { character in
            guard character.text == " " else { return true }
            let column = Double(columns.lowerBound)
                + (Double(character.step) + 0.5) * Double(columns.count) / Double(steps)
            return hasEmptyCell(near: column)
        }
    }
}
