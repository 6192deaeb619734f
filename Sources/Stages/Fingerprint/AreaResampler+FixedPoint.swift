import Captures

extension AreaResampler {
    /// The scale of the fixed-point row weights (a power of two, weight 1 = scale) when every target row's
    /// weighted sum of 8-bit values fits in 16 bits, or nil (then the float path is used).
    var fixedPointWeightScale: Int? {
        let tallest = rows.map { $0.last - $0.first + 1 }.max() ?? 1
        var scale = 64
        while scale >= 4, 255 * scale * tallest > Int(UInt16.max) { scale /= 2 }
        return scale >= 4 ? scale : nil
    }

    /// The same area average with the rows summed in 16-bit integers (weights rounded to 1/`weightScale`, and
    /// each target row divided by the sum of its rounded weights, so it stays a true weighted mean): twice the
    /// lanes of the float path for the pass that reads every source byte. Luma is taken once per target pixel,
    /// after the columns are summed per channel.
    func resampleFixedPoint(_ image: RGBImage, weightScale: Int) -> [Float] {
        let targetWidth = targetWidth, channels = sourceWidth * 3
        var output = [Float](repeating: 0, count: targetWidth * targetHeight)
        var summed = [UInt16](repeating: 0, count: channels)
        let inverseColumnWeights = columns.map { span -> Float in
            let lastWeight = span.last != span.first ? span.lastWeight : 0
            return 1 / (span.firstWeight + Float(span.fullEnd - span.fullStart) + lastWeight)
        }
        image.pixels.withUnsafeBufferPointer { pixels in
            summed.withUnsafeMutableBufferPointer { summedBuffer in
                output.withUnsafeMutableBufferPointer { outputBuffer in
                    columns.withUnsafeBufferPointer { columns in
                        inverseColumnWeights.withUnsafeBufferPointer { inverseColumnWeights in
                            let summed = summedBuffer.baseAddress!
                            for (targetRow, span) in rows.enumerated() {
                                var rowWeight = 0
                                var row = span.first
                                while row <= span.last {
                                    let weight = row == span.first ? span.firstWeight
                                        : row == span.last ? span.lastWeight : 1
                                    // At least 1 for any covered row, so a row stretched over many target rows is
                                    // never weighted 0 (each target row is divided by its own weights anyway).
                                    let scaled = Int((weight * Float(weightScale)).rounded())
                                    let fixed = UInt16(truncatingIfNeeded: weight > 0 ? max(1, scaled) : 0)
                                    let source = pixels.baseAddress! + row * channels
                                    if row == span.first {
                                        for index in 0..<channels { summed[index] = UInt16(source[index]) &* fixed }
                                    } else if fixed > 0 {
                                        for index in 0..<channels { summed[index] &+= UInt16(source[index]) &* fixed }
                                    }
                                    rowWeight += Int(fixed)
                                    row += 1
                                }
                                Self.reduce(summed, columns: columns, inverseColumnWeights: inverseColumnWeights,
                                            inverseRowWeight: 1 / Float(max(rowWeight, 1)),
                                            into: outputBuffer.baseAddress! + targetRow * targetWidth)
                            }
                        }
                    }
                }
            }
        }
        return output
    }

    /// Reduces one row of 16-bit R, G, B sums to the target's columns, as mean luma.
    @inline(__always)
    private static func reduce(_ summed: UnsafePointer<UInt16>, columns: UnsafeBufferPointer<Span>,
                               inverseColumnWeights: UnsafeBufferPointer<Float>, inverseRowWeight: Float,
                               into output: UnsafeMutablePointer<Float>) {
        for index in 0..<columns.count {
            let span = columns[index]
            var red: UInt32 = 0, green: UInt32 = 0, blue: UInt32 = 0
            var pixel = summed + span.fullStart * 3
            let end = summed + span.fullEnd * 3
            while pixel < end {
                red &+= UInt32(pixel[0])
                green &+= UInt32(pixel[1])
                blue &+= UInt32(pixel[2])
                pixel += 3
            }
            let first = summed + span.first * 3
            var r = Float(red) + span.firstWeight * Float(first[0])
            var g = Float(green) + span.firstWeight * Float(first[1])
            var b = Float(blue) + span.firstWeight * Float(first[2])
            if span.last != span.first {
                let last = summed + span.last * 3
                r += span.lastWeight * Float(last[0])
                g += span.lastWeight * Float(last[1])
                b += span.lastWeight * Float(last[2])
            }
            output[index] = luma(r, g, b) * inverseRowWeight * inverseColumnWeights[index]
        }
    }
}
