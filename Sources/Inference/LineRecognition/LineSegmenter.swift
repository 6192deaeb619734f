/// Splits a text line into pieces at the wide gaps between its ink before recognition, the way Tesseract reads
/// the words its layout analysis finds (textord's word segmentation measures the gaps between blobs against the
/// row's x-height and the spread of its own gaps; then each word is read on its own image, padded by 4 px).
///
/// Reading piece by piece gives the network no wide blank to hallucinate in (a label and its value far apart
/// on one row) and no margin after the last letter to read as noise. Cutting at every word space as well is the
/// next step (`spaceThreshold`); see docs/reading.md for why it waits.
package enum LineSegmenter {
    /// A horizontal piece of a line: pixel columns `left..<right` of the page.
    package struct Piece: Equatable {
        package var left: Int, right: Int
    }

    /// Gaps narrower than this many x-heights are always inside a word.
    static let narrowestSpace = 0.5
    /// Gaps at least this many x-heights wide always separate words.
    static let widestKern = 0.9
    /// Gaps at least this many x-heights (and `narrowestSplit` pixels) wide split the line into pieces read
    /// on their own: no letter gap is this wide, so a piece never cuts a word.
    static let splitGap = 1.0
    static let narrowestSplit = 4
    /// On a plain ground a split gap must also stay this many x-heights wide with faint ink counted as ink: a
    /// gap the thin strokes of a light letter close is inside a word (`InkProfile+FaintInk.swift`).
    static let narrowestFaintSplit = 0.5
    /// Padding kept on each side of a piece, in pixels (Tesseract's `kImagePadding`), when the gap allows.
    static let padding = 4

    /// The pieces of the line in `rect` of `page` to read on their own, left to right: split at its wide
    /// gaps, trimmed to their ink and padded. A line with no measurable ink comes back whole.
    package static func pieces(of rect: LineRecognizer.LineRect, in page: GrayImage) -> [Piece] {
        pieces(of: rect, profile: InkProfile(rect: rect, page: page))
    }

    /// `pieces(of:in:)` from the line's ink profile, already measured (`MeasuredSpaces` shares it).
    static func pieces(of rect: LineRecognizer.LineRect, profile: InkProfile) -> [Piece] {
        let whole = [Piece(left: rect.left, right: rect.left + rect.width)]
        guard rect.width >= 4, rect.height >= 4 else { return whole }
        guard let xHeight = profile.xHeight, xHeight >= 3 else { return whole }
        let gaps = profile.gaps
        // Only gaps no letter gap could be split: cutting at every word space (`spaceThreshold`) also cut words
        // in text of under about 10 px x-height, where a pixel is a fifth of the threshold (docs/reading.md).
        var pieces: [Piece] = []
        var start = profile.firstInk
        for gap in gaps where Double(gap.width) / Double(xHeight) >= splitGap && gap.width >= narrowestSplit
            && Double(profile.faintFreeWidth(of: gap)) / Double(xHeight) >= narrowestFaintSplit
        {
            pieces.append(Piece(left: start, right: gap.left))
            start = gap.left + gap.width
        }
        pieces.append(Piece(left: start, right: profile.lastInk + 1))
        // Pad each piece into the gaps around it (at most half a gap), within the line's rectangle.
        let lineRight = rect.left + rect.width
        let padded = pieces.indices.map { index in
            let leftRoom = index == 0 ? pieces[index].left - rect.left
                : (pieces[index].left - pieces[index - 1].right) / 2
            let rightRoom = index == pieces.count - 1 ? lineRight - pieces[index].right
                : (pieces[index + 1].left - pieces[index].right) / 2
            return Piece(left: pieces[index].left - min(padding, leftRoom),
                         right: pieces[index].right + min(padding, rightRoom))
        }
        return padded
    }

    /// The gap width (in x-heights) from which a gap separates words, for cutting at word spaces where the
    /// letters are large enough to measure (not done yet: see docs/reading.md): between the line's letter gaps and its
    /// word gaps when they form two groups (the widest jump between sorted gaps in the ambiguous range), else
    /// a fixed share of the x-height.
    package static func spaceThreshold(_ gaps: [Double]) -> Double {
        let sorted = gaps.sorted()
        // The last gap that is surely a kern; with none (spaced single letters) or nothing above it (one
        // word), the fixed share decides.
        guard let lastKern = sorted.lastIndex(where: { $0 < narrowestSpace }), lastKern + 1 < sorted.count else {
            return fallbackSpace
        }
        // Between the widest certain kern and the narrowest certain space, take the largest ratio jump.
        var best = (ratio: 1.0, threshold: fallbackSpace)
        for index in lastKern..<(sorted.count - 1) where sorted[index] < widestKern {
            let low = max(sorted[index], 0.05), high = sorted[index + 1]
            if high / low > best.ratio { best = (high / low, low + 0.65 * (high - low)) }
        }
        // Letter gaps and word gaps should differ clearly; otherwise keep the fixed share.
        guard best.ratio >= minimumJump else { return fallbackSpace }
        return min(widestKern, max(narrowestSpace, best.threshold))
    }

    /// The space threshold when the gaps do not fall into two groups, in x-heights.
    static let fallbackSpace = 0.75
    /// How much wider than the widest letter gap the narrowest word gap must be to trust the split.
    static let minimumJump = 1.6
}

/// The ink of one line rectangle, column by column: which pixels are ink (the minority of the two levels the
/// line holds, so light text on dark ground works too) and the x-height (the run of rows the most ink is in).
struct InkProfile {
    /// Ink pixels per column of the rectangle.
    private(set) var columns: [Int]
    let left: Int
    /// The page row of the rectangle's first row.
    let top: Int
    /// The first and last page columns with ink (`left - 1` and `left - 1` when there is none).
    private(set) var firstInk: Int
    private(set) var lastInk: Int
    /// The x-height in pixels: the rows holding at least 30% of the ink of the fullest row (a few horizontal
    /// strokes must not make it short: "MQ 2207" has ink in every row of its capitals), or nil with no ink.
    private(set) var xHeight: Int?
    /// The runs of columns without ink between the first and the last ink, left to right, in page columns.
    private(set) var gaps: [(left: Int, width: Int)] = []
    /// Ink pixels per row of the rectangle (empty with no ink).
    private(set) var rows: [Int] = []
    /// The darkest and lightest levels of the rectangle and whether the ink is the dark one; nil with no ink.
    private(set) var levels: (lowest: Int, highest: Int, inkIsDark: Bool)?
    /// Faint-ink pixels per column of the rectangle, on a plain ground only (nil elsewhere, and with no ink):
    /// pixels on the ink's side of the line's Otsu level as well as the ink's (`InkProfile+FaintInk.swift`).
    private(set) var faintColumns: [Int]?

    init(rect: LineRecognizer.LineRect, page: GrayImage) {
        left = rect.left
        top = rect.top
        columns = [Int](repeating: 0, count: rect.width)
        var rows = [Int](repeating: 0, count: rect.height)
        var lowest = 255, highest = 0
        var histogram = LevelHistogram()
        for y in rect.top..<(rect.top + rect.height) {
            let base = y * page.width
            for x in rect.left..<(rect.left + rect.width) {
                let value = Int(page.pixels[base + x])
                lowest = min(lowest, value)
                highest = max(highest, value)
                histogram.add(value)
            }
        }
        firstInk = rect.left - 1
        lastInk = rect.left - 1
        guard highest - lowest >= 40 else { return }
        let middle = (lowest + highest) / 2
        var dark = 0
        for y in rect.top..<(rect.top + rect.height) {
            let base = y * page.width
            for x in rect.left..<(rect.left + rect.width) where Int(page.pixels[base + x]) < middle { dark += 1 }
        }
        let inkIsDark = 2 * dark <= rect.width * rect.height
        let faintLevel = Self.faintInkLevel(histogram, middle: middle, inkIsDark: inkIsDark)
        var faint = [Int](repeating: 0, count: faintLevel == nil ? 0 : rect.width)
        for y in rect.top..<(rect.top + rect.height) {
            let base = y * page.width
            for x in rect.left..<(rect.left + rect.width) {
                let value = Int(page.pixels[base + x])
                if (value < middle) == inkIsDark {
                    columns[x - rect.left] += 1
                    rows[y - rect.top] += 1
                }
                if let faintLevel, (value < faintLevel) == inkIsDark { faint[x - rect.left] += 1 }
            }
        }
        guard let first = columns.firstIndex(where: { $0 > 0 }), let last = columns.lastIndex(where: { $0 > 0 })
        else { return }
        firstInk = rect.left + first
        lastInk = rect.left + last
        self.rows = rows
        levels = (lowest, highest, inkIsDark)
        if faintLevel != nil { faintColumns = faint }
        let fullest = rows.max() ?? 0
        xHeight = fullest > 0 ? rows.filter { 10 * $0 >= 3 * fullest }.count : nil
        gaps = Self.gaps(columns: columns, left: left, firstInk: firstInk, lastInk: lastInk)
    }

    /// The runs of columns without ink between the first and the last ink, left to right, in page columns
    /// (measured once: the segmenter, the measured spaces and the fixed pitch all read them).
    private static func gaps(columns: [Int], left: Int, firstInk: Int, lastInk: Int) -> [(left: Int, width: Int)] {
        guard lastInk > firstInk else { return [] }
        var result: [(left: Int, width: Int)] = []
        var runStart: Int? = nil
        for x in (firstInk - left)...(lastInk - left) {
            if columns[x] == 0 {
                if runStart == nil { runStart = x }
            } else if let start = runStart {
                result.append((left + start, x - start))
                runStart = nil
            }
        }
        return result
    }
}
