import LineRecognition

/// What one candidate row of a photo looks like, measured on its letters (the components of its ink that lie in
/// its box and are letter-sized) and its pixels: the evidence `TextLikeness` weighs to tell a row of letters from
/// scene texture that happens to line up (leaves, gravel, water, tiles, windows).
package struct RowEvidence: Sendable, Equatable {
    /// Letter-sized components in the row.
    package var letters = 0
    /// The median letter height, pixels.
    package var height = 0.0
    /// Median absolute deviation of the letter heights over the median height (letters: x-height and cap height).
    package var heightSpread = 0.0
    /// The share of letters whose bottom (or top, whichever is better) lies within a fifth of the median height of
    /// the median bottom (top).
    package var aligned = 0.0
    /// Stroke width (mean horizontal run of ink inside a letter's box) over letter height, median.
    package var stroke = 0.0
    /// Median absolute deviation of the letters' stroke widths over their median (one pen draws a line).
    package var strokeSpread = 0.0
    /// The median share of a letter's box that is ink.
    package var fill = 0.0
    /// Gaps between neighbouring letters over the median height: median and largest.
    package var gap = 0.0
    package var widestGap = 0.0
    /// Small specks of the row's ink (not letters, not dots over them) per letter: texture is full of them.
    package var specks = 0.0
    /// Ink against ground: the difference of their median gray levels, 0...255.
    package var contrast = 0.0
    /// Spread (median absolute deviation) of the ink's gray levels and of the ground's, over `contrast`:
    /// letters are drawn in one colour, often on an even ground.
    package var inkSpread = 0.0
    package var groundSpread = 0.0
    /// Whether the row's letters are lighter than their ground.
    package var lightOnDark = false

    package init() {}
}

extension RowEvidence {
    /// Measures `line` (found in `map`, ink `ink`) from `blobs` (that ink's components) on `page`.
    init(line: FoundLine, blobs: [InkBlob], ink: InkMap.Ink, map: InkMap, page: GrayImage, minimumLetterHeight: Int) {
        self.init()
        lightOnDark = ink == .light
        let inside = blobs.filter { line.holds($0) }
        // Letters: at least 0.4 of the row's tall letters' height (the dot of an "i" in large type is not one).
        let sizes = inside.filter { $0.height >= minimumLetterHeight }.map(\.height).sorted()
        let tall = sizes.isEmpty ? 0 : sizes[sizes.count * 4 / 5]
        let shortest = max(minimumLetterHeight, tall * 2 / 5)
        let letterBlobs = inside.filter { $0.height >= shortest && $0.width * 30 >= $0.height }
            .sorted { $0.minX < $1.minX }
        letters = letterBlobs.count
        guard !letterBlobs.isEmpty else { return }
        let heights = letterBlobs.map { Double($0.height) }
        height = Self.median(heights)
        heightSpread = Self.median(heights.map { abs($0 - height) }) / height
        let tolerance = max(1, height * 0.2)
        let bottoms = letterBlobs.map { Double($0.maxY) }, tops = letterBlobs.map { Double($0.minY) }
        let bottom = Self.median(bottoms), top = Self.median(tops)
        let onBottom = bottoms.filter { abs($0 - bottom) <= tolerance }.count
        let onTop = tops.filter { abs($0 - top) <= tolerance }.count
        aligned = Double(max(onBottom, onTop, RowGrouping.lettersOnSlantedLine(letterBlobs, tolerance: tolerance))) / Double(letters)
        let strokes = letterBlobs.map { Self.meanRun($0, ink: ink, map: map) }
        let strokeWidth = Self.median(strokes)
        stroke = strokeWidth / height
        strokeSpread = strokeWidth > 0 ? Self.median(strokes.map { abs($0 - strokeWidth) }) / strokeWidth : 1
        fill = Self.median(letterBlobs.map(\.fill))
        var gaps: [Double] = []
        for (a, b) in zip(letterBlobs, letterBlobs.dropFirst()) { gaps.append(Double(max(0, b.minX - a.maxX)) / height) }
        gap = gaps.isEmpty ? 0 : Self.median(gaps)
        widestGap = gaps.max() ?? 0
        // Specks: small components of the row's ink that are not marks over or under a letter.
        let small = inside.filter { $0.height < shortest || $0.width * 30 < $0.height }
        specks = Double(small.filter { speck in
            !letterBlobs.contains { speck.minX >= $0.minX - 1 && speck.maxX <= $0.maxX + 1 }
        }.count) / Double(letters)
        measureLevels(line: line, ink: ink, map: map, page: page)
    }

    /// Ink and ground gray levels in the line's box: medians and spreads.
    private mutating func measureLevels(line: FoundLine, ink: InkMap.Ink, map: InkMap, page: GrayImage) {
        var inkHistogram = [Int](repeating: 0, count: 256), groundHistogram = [Int](repeating: 0, count: 256)
        page.pixels.withUnsafeBufferPointer { pixels in
            map.classes.withUnsafeBufferPointer { classes in
                for y in line.top..<line.bottom {
                    let row = y * page.width
                    for x in line.left..<line.right {
                        let kind = classes[row + x]
                        if kind == ink.rawValue { inkHistogram[Int(pixels[row + x])] += 1 }
                        else if kind == 0 { groundHistogram[Int(pixels[row + x])] += 1 }
                    }
                }
            }
        }
        let (inkLevel, inkDeviation) = Self.medianAndSpread(inkHistogram)
        let (groundLevel, groundDeviation) = Self.medianAndSpread(groundHistogram)
        contrast = abs(inkLevel - groundLevel)
        inkSpread = inkDeviation / max(1, contrast)
        groundSpread = groundDeviation / max(1, contrast)
    }

    /// The mean length of the horizontal runs of `ink` inside `blob`'s box: the stroke width of a letter.
    private static func meanRun(_ blob: InkBlob, ink: InkMap.Ink, map: InkMap) -> Double {
        var runs = 0, pixels = 0
        map.classes.withUnsafeBufferPointer { classes in
            for y in blob.minY..<blob.maxY {
                let row = y * map.width
                var inside = false
                for x in blob.minX..<blob.maxX {
                    let on = classes[row + x] == ink.rawValue
                    if on { pixels += 1; if !inside { runs += 1 } }
                    inside = on
                }
            }
        }
        return runs == 0 ? 0 : Double(pixels) / Double(runs)
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    private static func medianAndSpread(_ histogram: [Int]) -> (Double, Double) {
        let total = histogram.reduce(0, +)
        guard total > 0 else { return (0, 0) }
        func percentile(_ share: Double, _ counts: [Int]) -> Int {
            var seen = 0
            for level in 0..<256 {
                seen += counts[level]
                if Double(seen) >= share * Double(total) { return level }
            }
            return 255
        }
        let median = percentile(0.5, histogram)
        var deviations = [Int](repeating: 0, count: 256)
        for level in 0..<256 { deviations[abs(level - median)] += histogram[level] }
        return (Double(median), Double(percentile(0.5, deviations)))
    }
}
