/// The grey levels of a line's rectangle, counted level by level: where Otsu's method splits them into two
/// classes, whether most of the rectangle is one plain ground (`InkProfile` reads faint ink with them), and where
/// its darkest and lightest few pixels lie (`LineFinder` tells a line box's ink from its ground with them).
package struct LevelHistogram {
    /// Pixels per grey level, 0 (black) to 255 (white).
    private(set) var counts = [Int](repeating: 0, count: 256)
    /// All the pixels counted.
    package private(set) var total = 0

    package init() {}

    /// Counts one pixel of grey level `level` (0...255).
    package mutating func add(_ level: Int) {
        counts[level] += 1
        total += 1
    }

    /// Otsu's threshold: the level `t` for which the levels up to `t` and those above it are the two classes of
    /// largest between-class variance (nil with no pixels).
    var otsuLevel: Int? {
        guard total > 0 else { return nil }
        let weightedTotal = counts.indices.reduce(0.0) { $0 + Double($1 * counts[$1]) }
        var below = 0, weightedBelow = 0.0
        var bestLevel: Int? = nil, bestVariance = -1.0
        for level in 0..<255 {
            below += counts[level]
            weightedBelow += Double(level * counts[level])
            let above = total - below
            guard below > 0, above > 0 else { continue }
            let meanBelow = weightedBelow / Double(below)
            let meanAbove = (weightedTotal - weightedBelow) / Double(above)
            let variance = Double(below) * Double(above) * (meanBelow - meanAbove) * (meanBelow - meanAbove)
            if variance > bestVariance { (bestLevel, bestVariance) = (level, variance) }
        }
        // One level only: every pixel is in the lower class.
        return bestLevel ?? counts.firstIndex { $0 > 0 }
    }

    /// The most frequent level (the ground's, on a line; the darkest of equals), nil with no pixels.
    var mode: Int? {
        guard total > 0 else { return nil }
        return counts.indices.max { counts[$0] < counts[$1] || (counts[$0] == counts[$1] && $0 > $1) }
    }

    /// The share of the pixels within `tolerance` levels of the most frequent level.
    func shareNearMode(tolerance: Int) -> Double {
        guard let mode else { return 0 }
        let near = counts[max(0, mode - tolerance)...min(255, mode + tolerance)].reduce(0, +)
        return Double(near) / Double(total)
    }

    /// The 2nd and 98th percentile levels (the lowest levels at or below which 1/50 and 49/50 of the pixels lie):
    /// the levels of ink and ground without the extremes of noise; nil with no pixels.
    package var span: (low: Int, high: Int)? {
        guard total > 0 else { return nil }
        var seen = 0, low: Int? = nil
        for level in 0..<256 {
            seen += counts[level]
            if low == nil && seen * 50 >= total { low = level }
            if seen * 50 >= total * 49, let low { return (low, level) }
        }
        return nil
    }

    /// The share of the pixels darker than the middle of the `span` (the fewer side is the ink: letters cover less
    /// of a box than their ground); nil with no pixels.
    package var darkerShare: Double? {
        guard let span else { return nil }
        return Double(darker(than: (span.low + span.high) / 2)) / Double(total)
    }

    /// How many of the pixels are darker than `level`.
    package func darker(than level: Int) -> Int {
        counts[0..<max(0, min(256, level))].reduce(0, +)
    }
}
