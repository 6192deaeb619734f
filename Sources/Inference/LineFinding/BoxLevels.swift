import LineRecognition

/// The grey levels of one line box of a page, counted level by level: where the box's darkest and lightest few
/// pixels lie (its 2nd and 98th percentiles, the levels of its ink and ground without the extremes of noise), and
/// how many pixels are darker than a level. `LineFinder` tells a line's ink from its ground with them.
struct BoxLevels {
    /// Pixels per grey level, 0 (black) to 255 (white).
    private var counts = [Int](repeating: 0, count: 256)
    /// The pixels of the box.
    let total: Int

    init(_ box: FoundLine, in page: GrayImage) {
        total = max(0, box.width * box.height)
        var counts = [Int](repeating: 0, count: 256)
        page.pixels.withUnsafeBufferPointer { pixels in
            for y in box.top..<box.bottom {
                let row = y * page.width
                for x in box.left..<box.right { counts[Int(pixels[row + x])] += 1 }
            }
        }
        self.counts = counts
    }

    /// The box's 2nd and 98th percentile levels (the lowest levels at or below which 1/50 and 49/50 of its pixels
    /// lie); nil for an empty box.
    var span: (low: Int, high: Int)? {
        guard total > 0 else { return nil }
        var seen = 0, low: Int? = nil
        for level in 0..<256 {
            seen += counts[level]
            if low == nil && seen * 50 >= total { low = level }
            if seen * 50 >= total * 49, let low { return (low, level) }
        }
        return nil
    }

    /// The share of the box's pixels darker than the middle of its span (the fewer side is the ink: letters cover
    /// less of a box than their ground); nil for an empty box.
    var darkerShare: Double? {
        guard let span else { return nil }
        return Double(darker(than: (span.low + span.high) / 2)) / Double(total)
    }

    /// How many of the box's pixels are darker than `level`.
    func darker(than level: Int) -> Int {
        counts[0..<max(0, min(256, level))].reduce(0, +)
    }
}
