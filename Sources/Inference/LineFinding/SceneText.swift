import LineRecognition

/// Finds the lines of text in a photo: `LineFinder`'s candidate rows (both inks, counters dropped), each measured
/// (`RowEvidence`) and kept only when it looks like a row of letters (`TextLikeness`), so scene texture that lines
/// up (leaves, gravel, tiles, windows) is not read. The kept lines come back in reading order with their polarity,
/// as `LineFinder.lines(in:)` gives them.
package struct SceneText: Sendable {
    /// The finder whose rows are the candidates (its limits and contrast apply).
    package var finder = LineFinder()
    /// The test each candidate must pass.
    package var likeness = TextLikeness()

    package init() {}

    /// A candidate row with its evidence and the verdict.
    package struct Candidate: Sendable, Equatable {
        package var line: FoundLine
        package var evidence: RowEvidence
        package var isText: Bool
    }

    /// The text lines of `page` in reading order, and how many candidate rows were looked at.
    package func lines(in page: GrayImage) -> (lines: [FoundLine], candidates: Int) {
        let all = candidates(in: page)
        let kept = all.filter(\.isText).map(\.line)
        let lines = LineFinder.resolve(kept.filter { !$0.lightOnDark }, kept.filter(\.lightOnDark), in: page).map { line in
            var line = line
            line.lightOnDark = LineFinder.isLightOnDark(line, in: page)
            return line
        }
        return (ReadingOrder.sorted(lines), all.count)
    }

    /// Every candidate row of `page` (both inks) with its evidence and verdict, unordered.
    package func candidates(in page: GrayImage) -> [Candidate] {
        guard page.width >= 8, page.height >= 8 else { return [] }
        let map = InkMap(page, radius: finder.radius, contrast: finder.contrast)
        var limits = RowGrouping.Limits()
        limits.minimumLetterHeight = finder.minimumLetterHeight
        limits.maximumLetterHeight = finder.maximumLetterHeight
        limits.slantedBaselines = true
        let rows = InkRows(map, limits: limits)
        return judge(rows.dark, blobs: rows.darkBlobs, ink: .dark, map: map, page: page)
            + judge(rows.light, blobs: rows.lightBlobs, ink: .light, map: map, page: page)
    }

    private func judge(_ lines: [FoundLine], blobs: [InkBlob], ink: InkMap.Ink, map: InkMap, page: GrayImage)
        -> [Candidate]
    {
        guard !lines.isEmpty else { return [] }
        // Blobs by top edge, so each line looks only at those that start inside its rows.
        let sorted = blobs.sorted { $0.minY < $1.minY }
        let tops = sorted.map(\.minY)
        return lines.map { line in
            var low = 0, high = tops.count
            while low < high {
                let mid = (low + high) / 2
                if tops[mid] < line.top { low = mid + 1 } else { high = mid }
            }
            var end = low
            while end < tops.count && tops[end] < line.bottom { end += 1 }
            let evidence = RowEvidence(line: line, blobs: Array(sorted[low..<end]), ink: ink, map: map, page: page,
                                       minimumLetterHeight: finder.minimumLetterHeight)
            return Candidate(line: line, evidence: evidence, isText: likeness.accepts(evidence))
        }
    }
}
