/// A cheap look for text before full recognition: finds character-like connected components (dark strokes on a
/// light ground) that stand in rows of similar-sized neighbours, the way letters do.
///
/// Photos of scenes have plenty of edges but few runs of three or more same-sized blobs on one baseline, so a
/// photo without text skips Tesseract. The same pass tells how tall the letters are (to scale small text up) and
/// whether the rows run across or down the page (a page turned by 90 degrees).
struct TextPresence: Equatable {
    /// Components with a same-sized neighbour on both sides along a horizontal row.
    var acrossCount: Int
    /// The same along a vertical column (text turned by 90 or 270 degrees).
    var downCount: Int
    /// The median height (across) or width (down) of those components, in pixels of the analysed image's input.
    var typicalHeight: Double
    /// The most components linked into one row by same-sized neighbours (either direction): one short line of
    /// clear text ("Added platypus one") is a single long row, with too few letters for `letterCount`.
    var longestRow: Int = 0

    /// The dominant direction's count.
    var letterCount: Int { max(acrossCount, downCount) }
    /// True when rows run down the page rather than across.
    var runsDown: Bool { downCount > 2 * acrossCount && downCount > 0 }

    /// Analyses `small` (dark text on light ground), a copy of the working image scaled by `factor`; heights
    /// are reported in the working image's pixels.
    static func analyze(_ small: GrayImage, scaledBy factor: Double) -> TextPresence {
        let components = InkComponents.find(in: small, radius: 24, contrast: 28)
        let candidates = components.filter { box in
            let long = max(box.width, box.height), short = min(box.width, box.height)
            guard long >= 4, long <= 160, short >= 1, box.pixels >= 5 else { return false }
            let fill = Double(box.pixels) / Double(box.width * box.height)
            return fill >= 0.08 && fill <= 0.95
        }
        let across = rows(candidates)
        let down = rows(candidates.map(\.transposed))
        let (members, useDown) = down.inline.count > 2 * across.inline.count ? (down.inline, true) : (across.inline, false)
        var heights = members.map { Double(useDown ? $0.width : $0.height) }
        heights.sort()
        let median = heights.isEmpty ? 0 : heights[heights.count / 2] / factor
        return TextPresence(acrossCount: across.inline.count, downCount: down.inline.count, typicalHeight: median,
                            longestRow: max(across.longest, down.longest))
    }

    /// The components that have a similar one just left and just right of them on the same row, and the
    /// size of the longest row of linked components.
    private static func rows(_ boxes: [InkComponents.Box]) -> (inline: [InkComponents.Box], longest: Int) {
        let sorted = boxes.sorted { $0.minX < $1.minX }
        var hasLeft = [Bool](repeating: false, count: sorted.count)
        var hasRight = [Bool](repeating: false, count: sorted.count)
        var row = Array(sorted.indices)
        func root(_ index: Int) -> Int {
            var current = index
            while row[current] != current { row[current] = row[row[current]]; current = row[current] }
            return current
        }
        for i in sorted.indices {
            let a = sorted[i]
            var j = i + 1
            while j < sorted.count {
                let b = sorted[j]
                let reach = Double(max(a.height, b.height)) * 0.9
                if Double(b.minX - a.maxX) > reach { break }
                if b.minX > a.maxX - a.width / 3, similar(a, b) {
                    hasRight[i] = true
                    hasLeft[j] = true
                    row[root(j)] = root(i)
                }
                j += 1
            }
        }
        var sizes = [Int: Int]()
        for index in sorted.indices where hasLeft[index] || hasRight[index] { sizes[root(index), default: 0] += 1 }
        return (sorted.indices.filter { hasLeft[$0] && hasRight[$0] }.map { sorted[$0] }, sizes.values.max() ?? 0)
    }

    /// Letters of one line: similar heights, and sharing a baseline or a top line (ascenders and descenders
    /// move only one of the two), or overlapping over most of the shorter one's height (an ascender next to a
    /// descender: "lp", "ty").
    private static func similar(_ a: InkComponents.Box, _ b: InkComponents.Box) -> Bool {
        let low = min(a.height, b.height), high = max(a.height, b.height)
        guard Double(high) <= 2.2 * Double(low) else { return false }
        let tolerance = max(1, Double(high) * 0.2)
        if Double(abs(a.maxY - b.maxY)) <= tolerance || Double(abs(a.minY - b.minY)) <= tolerance { return true }
        let overlap = min(a.maxY, b.maxY) - max(a.minY, b.minY)
        return Double(overlap) >= 0.6 * Double(low)
    }

    /// Whether the page holds text: enough letters in rows, or one row long enough to be a line of words.
    var hasText: Bool { letterCount >= Self.minimumLetters || longestRow >= Self.minimumRow }

    /// The fewest in-row letters that count as text.
    static let minimumLetters = 16
    /// The fewest linked components in one row that count as a line of text.
    static let minimumRow = 5
}
