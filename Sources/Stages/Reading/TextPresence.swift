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
        let across = inlineMembers(candidates)
        let down = inlineMembers(candidates.map(\.transposed))
        let (members, useDown) = down.count > 2 * across.count ? (down, true) : (across, false)
        var heights = members.map { Double(useDown ? $0.width : $0.height) }
        heights.sort()
        let median = heights.isEmpty ? 0 : heights[heights.count / 2] / factor
        return TextPresence(acrossCount: across.count, downCount: down.count, typicalHeight: median)
    }

    /// The components that have a similar one just left and just right of them on the same row.
    private static func inlineMembers(_ boxes: [InkComponents.Box]) -> [InkComponents.Box] {
        let sorted = boxes.sorted { $0.minX < $1.minX }
        var hasLeft = [Bool](repeating: false, count: sorted.count)
        var hasRight = [Bool](repeating: false, count: sorted.count)
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
                }
                j += 1
            }
        }
        return sorted.indices.filter { hasLeft[$0] && hasRight[$0] }.map { sorted[$0] }
    }

    /// Letters of one line: similar heights, and sharing a baseline or a top line (ascenders and descenders
    /// move only one of the two).
    private static func similar(_ a: InkComponents.Box, _ b: InkComponents.Box) -> Bool {
        let low = min(a.height, b.height), high = max(a.height, b.height)
        guard Double(high) <= 2.2 * Double(low) else { return false }
        let tolerance = max(1, Double(high) * 0.2)
        return Double(abs(a.maxY - b.maxY)) <= tolerance || Double(abs(a.minY - b.minY)) <= tolerance
    }
}
