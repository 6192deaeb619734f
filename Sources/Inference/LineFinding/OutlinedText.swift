import LineRecognition

/// Lines of outlined letters (white text with a dark halo over a photo): found again on the ink map reduced to
/// the pixels that have the other ink close on both sides (`InkMap.outlined`), where the letters no longer run
/// into the photo's texture. Such a line is added where the plain inks found no line, and replaces the plain
/// lines it covers when each is much taller than it or also covers another outlined line above or below it (rows
/// merged with the texture around them, or with each other), unless it is the counters of a plain row's letters
/// (`isOutline`). Then the page is looked at once more against a small square (`closeCandidates`): small white
/// letters in a halo that fills their rows are no ink against the line finder's wide square. Tuned on parity
/// seeds 7 and 8, the close look on 3434 (docs/reading.md).
enum OutlinedText {
    /// How far (pixels) the other ink may lie on each side of an outlined stroke: the halo's width and a pixel.
    static let reach = 3
    /// Fewest letters of a line found this way.
    static let minimumLetters = 3
    /// A plain line at least this many times taller than the outlined line it covers is replaced by it.
    static let tallerBy = 3.0
    /// An outlined line whose letters are this many times shorter than those of a plain row it covers is not a
    /// reading of that row but the outline of something inside its letters, and replaces nothing.
    static let shorterLettersBy = 1.5
    /// A plain line at most this many times taller than its letters is one row of them (ascenders, descenders and
    /// accents around the letters of median height), not rows merged with each other or with texture.
    static let singleRowHeight = 2.0
    /// Pages whose plain lines hold at least this many of one or two letters, and at least this share of all
    /// lines, look textured: only there is the page looked at again (elsewhere outlined strokes are the plain
    /// letters themselves, and the second look costs as much as the first).
    /// (Tuning seeds 7 and 8: the photo pages have 160-760 such lines, 66-90% of theirs; with 6 and 25% a dense
    /// article page and a few code and chat pages were looked at again and lost words.)
    static let texturedLines = 20
    static let texturedShare = 0.6
    /// The half side of the square the close look compares each pixel with (`closeCandidates`).
    static let closeRadius = 6
    /// A plain line holding at most this share of the letters of an outlined line covering it is a piece of that
    /// row (`isFragment`).
    static let fragmentShare = 0.25
    /// An outlined line at most this many times taller than its letters is one row, whose pieces it may replace.
    static let fragmentRowHeight = 3

    /// Whether `lines` (a page's plain lines) look like a photo's texture: many lines of one or two letters.
    static func looksTextured(_ lines: [FoundLine]) -> Bool {
        let junk = lines.filter { $0.letters <= 2 }.count
        return junk >= texturedLines && Double(junk) >= texturedShare * Double(lines.count)
    }

    /// Whether `candidate`, an outlined line covering the plain line `line`, is the outline of something inside
    /// `line`'s letters rather than a reading of them: `line` is one row (`singleRowHeight`) of more letters than
    /// the candidate holds, and its letters are `shorterLettersBy` times taller than the candidate's or more. On a
    /// light-on-dark page the dark counters of the light letters have light ink on both sides, so the outlined map
    /// holds them, and a row of three counters took the place of a whole row of text (parity seed 11
    /// `article-00`: "Vo" for a row of 13 words, "VAY" for the title). Over a photo the plain line an outlined row
    /// covers is often a few texture blobs twice the letters' height, which stand in one row too, but hold fewer
    /// "letters" than the outlined row (seed 2026 `label-value-02`: 12 outlined letters over a line of 2 blobs).
    static func isOutline(_ candidate: FoundLine, inside line: FoundLine) -> Bool {
        guard candidate.letterHeight > 0, line.letterHeight > 0, line.letters > candidate.letters else {
            return false
        }
        let oneRow = Double(line.height) <= singleRowHeight * Double(line.letterHeight)
        return oneRow && Double(line.letterHeight) >= shorterLettersBy * Double(candidate.letterHeight)
    }

    /// `lines` (the plain inks' lines of `page`, found on `map`) with the outlined lines added and the merged
    /// rows they cover replaced; then the same again with the lines of the close look (`closeCandidates`), over
    /// the lines the first gave (so an outlined line of the first look that is a piece of a close row gives way).
    static func merged(_ lines: [FoundLine], map: InkMap, page: GrayImage, limits: RowGrouping.Limits)
        -> [FoundLine]
    {
        let rows = InkRows(map.outlined(reach: reach), limits: limits)
        let outlined = LineFinder.resolve(rows.dark, rows.light, in: page).filter { $0.letters >= minimumLetters }
        let first = replacing(lines, with: outlined, page: page)
        // Close lines of a few letters (a counter, a serif, a speck of texture at 13 px) replace nothing that holds
        // more letters than they do: a row of text is not the texture around them.
        return replacing(first, with: closeCandidates(page: page, limits: limits), page: page, moreLettersOnly: true)
    }

    /// Whether `candidate` covers `line`: they share over a third of the smaller box.
    static func covers(_ candidate: FoundLine, _ line: FoundLine) -> Bool {
        candidate.overlapArea(line) * 3 > min(candidate.width * candidate.height, line.width * line.height)
    }

    /// `lines` with each of `candidates` added where the lines it covers are rows merged with texture or with
    /// each other (`tallerBy`, or covered by another candidate above or below it) or pieces of its row
    /// (`isFragment`), and those lines dropped; a candidate that is the outline of something inside a row's
    /// letters (`isOutline`) is not added.
    /// With `moreLettersOnly`, a candidate is only added where every line it covers holds fewer letters than it.
    static func replacing(_ lines: [FoundLine], with candidates: [FoundLine], page: GrayImage,
                          moreLettersOnly: Bool = false) -> [FoundLine]
    {
        guard !candidates.isEmpty else { return lines }
        var keep = [Bool](repeating: true, count: lines.count)
        var added: [FoundLine] = []
        for candidate in candidates {
            let covered = lines.indices.filter { covers(candidate, lines[$0]) }
            // Counters of a row's letters, not the row read again: the row stays.
            guard !covered.contains(where: { isOutline(candidate, inside: lines[$0]) }) else { continue }
            guard !moreLettersOnly || covered.allSatisfy({ lines[$0].letters < candidate.letters }) else { continue }
            guard covered.allSatisfy({ index in
                if Double(lines[index].height) >= tallerBy * Double(candidate.height) { return true }
                if isFragment(lines[index], of: candidate) { return true }
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

    /// Whether the plain line `line`, covered by the outlined line `candidate`, is a piece of its row: no taller
    /// than it and holding at most a quarter of its letters (`fragmentShare`), the candidate itself one row (at
    /// most `fragmentRowHeight` times its letters' height: x-height letters with ascenders and descenders). Where a
    /// halo fills the rows, the plain inks find a few letters of each row here and there (a word whose halo broke
    /// off, specks of the photo); those pieces must not keep the whole row from being read.
    static func isFragment(_ line: FoundLine, of candidate: FoundLine) -> Bool {
        candidate.letterHeight > 0 && candidate.height <= fragmentRowHeight * candidate.letterHeight
            && line.height <= candidate.height && Double(line.letters) <= fragmentShare * Double(candidate.letters)
    }

    /// Lines found on a map of the page against a small square (`closeRadius`) instead of the line finder's 41 px
    /// one: small light letters in a halo that fills the rows (white 8 px body text with a dark outline over a
    /// photo, rows a halo apart) sit in a wide square whose mean is the halo's and the ground's together, so their
    /// thin blurred strokes are no lighter than it by the contrast margin and are no ink at all, while the halo is
    /// one dark band along each row; against the halo right around them they are ink, one component a letter.
    static func closeCandidates(page: GrayImage, limits: RowGrouping.Limits) -> [FoundLine] {
        let close = InkMap(page, radius: closeRadius, contrast: LineFinder().contrast)
        let rows = InkRows(close, limits: limits)
        return LineFinder.resolve(rows.dark, rows.light, in: page).filter { $0.letters >= minimumLetters }
    }
}
