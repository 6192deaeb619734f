import Captures

/// Area-average resampling of an RGB image to a luma plane, done separably (rows, then columns). Luma is linear
/// in R, G, B, so it is taken once per summed row rather than once per source pixel.
public struct AreaResampler: Sendable {
    /// The part of the source one target pixel covers along one axis: a weighted first pixel, fully covered
    /// pixels `fullStart..<fullEnd`, and a weighted last pixel.
    public struct Span: Sendable {
        var first: Int
        var firstWeight: Float
        var fullStart: Int
        var fullEnd: Int
        var last: Int
        var lastWeight: Float
    }

    let sourceWidth: Int
    let sourceHeight: Int
    let targetWidth: Int
    let targetHeight: Int
    let columns: [Span]
    let rows: [Span]

    public init(sourceWidth: Int, sourceHeight: Int, targetWidth: Int, targetHeight: Int) {
        self.sourceWidth = sourceWidth
        self.sourceHeight = sourceHeight
        self.targetWidth = targetWidth
        self.targetHeight = targetHeight
        columns = Self.spans(source: sourceWidth, target: targetWidth)
        rows = Self.spans(source: sourceHeight, target: targetHeight)
    }

    /// The spans of `target` equal parts of `0..<source`.
    static func spans(source: Int, target: Int) -> [Span] {
        let step = Double(source) / Double(target)
        return (0..<target).map { index in
            let start = Double(index) * step
            let end = index == target - 1 ? Double(source) : Double(index + 1) * step
            let first = min(Int(start), source - 1)
            let last = min(max(Int((end - 1e-9).rounded(.down)), first), source - 1)
            if first == last {
                return Span(first: first, firstWeight: Float(end - start), fullStart: first, fullEnd: first,
                            last: last, lastWeight: 0)
            }
            return Span(first: first, firstWeight: Float(Double(first + 1) - start), fullStart: first + 1,
                        fullEnd: last, last: last, lastWeight: Float(end - Double(last)))
        }
    }

    /// The area-averaged luma, `targetWidth * targetHeight` values.
    ///
    /// Rows first: the source rows a target row covers are summed with their weights into one float row of
    /// R, G, B (a contiguous multiply-add the compiler vectorises), that row is turned into luma, and only then
    /// reduced to the target's columns, so the per-column work is done once per target row, not per source row.
    public func resample(_ image: RGBImage) -> [Float] {
        precondition(image.width == sourceWidth && image.height == sourceHeight, "AreaResampler size mismatch")
        if let weightScale = fixedPointWeightScale { return resampleFixedPoint(image, weightScale: weightScale) }
        let targetWidth = targetWidth, sourceWidth = sourceWidth, channels = sourceWidth * 3
        var output = [Float](repeating: 0, count: targetWidth * targetHeight)
        var summed = [Float](repeating: 0, count: channels)
        var luma = [Float](repeating: 0, count: sourceWidth)
        let scale = Float(targetWidth * targetHeight) / Float(sourceWidth * sourceHeight)
        image.pixels.withUnsafeBufferPointer { pixels in
            summed.withUnsafeMutableBufferPointer { summedBuffer in
                luma.withUnsafeMutableBufferPointer { lumaBuffer in
                    output.withUnsafeMutableBufferPointer { outputBuffer in
                        columns.withUnsafeBufferPointer { columns in
                            let summed = summedBuffer.baseAddress!, luma = lumaBuffer.baseAddress!
                            for (targetRow, span) in rows.enumerated() {
                                var row = span.first
                                while row <= span.last {
                                    let weight = row == span.first ? span.firstWeight
                                        : row == span.last ? span.lastWeight : 1
                                    let source = pixels.baseAddress! + row * channels
                                    if row == span.first {
                                        for index in 0..<channels { summed[index] = weight * Float(source[index]) }
                                    } else if weight > 0 {
                                        for index in 0..<channels { summed[index] += weight * Float(source[index]) }
                                    }
                                    row += 1
                                }
                                for x in 0..<sourceWidth {
                                    luma[x] = Luma.value(summed[3 * x], summed[3 * x + 1], summed[3 * x + 2])
                                }
                                Self.reduce(luma, columns: columns, scale: scale,
                                            into: outputBuffer.baseAddress! + targetRow * targetWidth)
                            }
                        }
                    }
                }
            }
        }
        return output
    }

    /// Reduces one row of luma sums to the target's columns.
    @inline(__always)
    private static func reduce(_ luma: UnsafePointer<Float>, columns: UnsafeBufferPointer<Span>, scale: Float,
                               into output: UnsafeMutablePointer<Float>) {
        for index in 0..<columns.count {
            let span = columns[index]
            var sum = span.firstWeight * luma[span.first]
            for x in span.fullStart..<span.fullEnd { sum += luma[x] }
            if span.last != span.first { sum += span.lastWeight * luma[span.last] }
            output[index] = sum * scale
        }
    }
}
