/// Puts line boxes in reading order by recursive XY cuts: a set of lines is cut at its blank bands across the page
/// at least 1.5 lines high (blocks, top first); else at its bands down the page (columns, left first) wider than any
/// band across and than 1.5 line heights, so the gaps between words of one row do not cut it; else at every band
/// across (rows); until no band is left.
enum ReadingOrder {
    static func sorted(_ lines: [FoundLine]) -> [FoundLine] {
        guard lines.count > 1 else { return lines }
        let heights = lines.map(\.height).sorted()
        let typical = max(1, heights[heights.count / 2])
        var result: [FoundLine] = []
        result.reserveCapacity(lines.count)
        cut(lines, typical: typical, into: &result, depth: 0)
        return result
    }

    private static func cut(_ lines: [FoundLine], typical: Int, into result: inout [FoundLine], depth: Int) {
        guard lines.count > 1, depth < 200 else {
            result += lines.sorted { $0.top != $1.top ? $0.top < $1.top : $0.left < $1.left }
            return
        }
        let across = gaps(lines.map { ($0.top, $0.bottom) })
        let down = gaps(lines.map { ($0.left, $0.right) })
        let widestAcross = across.map(\.width).max() ?? 0
        let widestDown = down.map(\.width).max() ?? 0
        let columns = widestDown >= typical * 3 / 2 ? widestDown : 0
        var parts: [[FoundLine]]
        if widestAcross >= typical * 3 / 2 {
            // Blocks first: every blank band across at least 1.5 lines high, top to bottom (so label ... value rows
            // spaced apart read row by row).
            parts = split(lines, at: across.filter { $0.width >= typical * 3 / 2 }.map(\.at)) { $0.bottom }
        } else if columns > widestAcross {
            // Columns: every band down the page wider than any band across, left to right.
            let cuts = down.filter { $0.width > widestAcross && $0.width >= typical * 3 / 2 }.map(\.at)
            parts = split(lines, at: cuts) { $0.right }
        } else if widestAcross > 0 {
            // Rows: every band across, top to bottom.
            parts = split(lines, at: across.map(\.at)) { $0.bottom }
        } else {
            // One row of boxes with narrow gaps: left to right.
            result += lines.sorted { $0.left != $1.left ? $0.left < $1.left : $0.top < $1.top }
            return
        }
        for part in parts { cut(part, typical: typical, into: &result, depth: depth + 1) }
    }

    /// `lines` in the bands between the cuts (ascending), by where each ends (`end`).
    private static func split(_ lines: [FoundLine], at cuts: [Int], end: (FoundLine) -> Int) -> [[FoundLine]] {
        var parts = [[FoundLine]](repeating: [], count: cuts.count + 1)
        for line in lines {
            var low = 0, high = cuts.count
            while low < high {
                let mid = (low + high) / 2
                if end(line) <= cuts[mid] { high = mid } else { low = mid + 1 }
            }
            parts[low].append(line)
        }
        return parts.filter { !$0.isEmpty }
    }

    /// The empty stretches between the spans (start, end) projected on one axis: their widths and where each
    /// starts.
    private static func gaps(_ spans: [(Int, Int)]) -> [(width: Int, at: Int)] {
        let sorted = spans.sorted { $0.0 < $1.0 }
        var reach = sorted[0].1
        var found: [(width: Int, at: Int)] = []
        for span in sorted.dropFirst() {
            if span.0 > reach { found.append((span.0 - reach, reach)) }
            reach = max(reach, span.1)
        }
        return found
    }
}
