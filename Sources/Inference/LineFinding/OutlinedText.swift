import LineRecognition

/// Lines of outlined letters (white text with a dark halo over a photo): found again on the ink map reduced to
/// the pixels that have the other ink close on both sides (`InkMap.outlined`), where the letters no longer run
/// into the photo's texture. Such a line is added where the plain inks found no line, and replaces the plain
/// lines it covers when each is much taller than it or also covers another outlined line above or below it (rows
/// merged with the texture around them, or with each other). Tuned on parity seeds 7 and 8 (docs/reading.md).
enum OutlinedText {
    /// How far (pixels) the other ink may lie on each side of an outlined stroke: the halo's width and a pixel.
    static let reach = 3
    /// Fewest letters of a line found this way.
    static let minimumLetters = 3
    /// A plain line at least this many times taller than the outlined line it covers is replaced by it.
    static let tallerBy = 3.0
    /// Pages whose plain lines hold at least this many of one or two letters, and at least this share of all
    /// lines, look textured: only there is the page looked at again (elsewhere outlined strokes are the plain
    /// letters themselves, and the second look costs as much as the first).
    /// (Tuning seeds 7 and 8: the photo pages have 160-760 such lines, 66-90% of theirs; with 6 and 25% a dense
    /// article page and a few code and chat pages were looked at again and lost words.)
    static let texturedLines = 20
    static let texturedShare = 0.6

    /// Whether `lines` (a page's plain lines) look like a photo's texture: many lines of one or two letters.
    static func looksTextured(_ lines: [FoundLine]) -> Bool {
        let junk = lines.filter { $0.letters <= 2 }.count
        return junk >= texturedLines && Double(junk) >= texturedShare * Double(lines.count)
    }

    /// `lines` (the plain inks' lines of `page`, found on `map`) with the outlined lines added and the merged
    /// rows they cover replaced.
    static func merged(_ lines: [FoundLine], map: InkMap, page: GrayImage, limits: RowGrouping.Limits)
        -> [FoundLine]
    {
        let outlined = map.outlined(reach: reach)
        let rows = InkRows(outlined, limits: limits)
        let candidates = LineFinder.resolve(rows.dark, rows.light, in: page).filter { $0.letters >= minimumLetters }
        guard !candidates.isEmpty else { return lines }
        var keep = [Bool](repeating: true, count: lines.count)
        var added: [FoundLine] = []
        func covers(_ candidate: FoundLine, _ line: FoundLine) -> Bool {
            candidate.overlapArea(line) * 3 > min(candidate.width * candidate.height, line.width * line.height)
        }
        for candidate in candidates {
            let covered = lines.indices.filter { covers(candidate, lines[$0]) }
            guard covered.allSatisfy({ index in
                if Double(lines[index].height) >= tallerBy * Double(candidate.height) { return true }
                // A plain line over two rows of outlined letters (one below the other) merged them.
                return candidates.contains { other in
                    (other.top >= candidate.bottom || other.bottom <= candidate.top) && covers(other, lines[index])
                }
            }) else {
                continue
            }
            for index in covered { keep[index] = false }
            var line = candidate
            line.lightOnDark = LineFinder.isLightOnDark(line, in: page)
            added.append(line)
        }
        return lines.indices.filter { keep[$0] }.map { lines[$0] } + added
    }
}
