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
    /// lanes of the float path for the pass that reads every source byte (SIMD, sixteen bytes a step). Each
    /// summed row of R, G, B is then reduced to the target's columns as luma by `ColumnTaps` (the luma weights
    /// folded into the column weights), so no pass converts every source pixel to luma.
    func resampleFixedPoint(_ image: RGBImage, weightScale: Int) -> [Float] {
        let targetWidth = targetWidth, sourceWidth = sourceWidth, channels = sourceWidth * 3
        var output = [Float](repeating: 0, count: targetWidth * targetHeight)
        let taps = ColumnTaps(columns: columns, sourceWidth: sourceWidth)
        var summed = [UInt16](repeating: 0, count: channels + taps.overrun)
        image.pixels.withUnsafeBufferPointer { pixels in
            summed.withUnsafeMutableBufferPointer { summedBuffer in
                output.withUnsafeMutableBufferPointer { outputBuffer in
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
                                Self.multiply(source, by: fixed, into: summed, count: channels)
                            } else if fixed > 0 {
                                Self.multiplyAdd(source, by: fixed, into: summed, count: channels)
                            }
                            rowWeight += Int(fixed)
                            row += 1
                        }
                        taps.reduce(summed, scale: 1 / Float(max(rowWeight, 1)),
                                    into: outputBuffer.baseAddress! + targetRow * targetWidth)
                    }
                }
            }
        }
        return output
    }

    /// `summed[i] = source[i] * weight` for `count` bytes, sixteen at a time.
    @inline(__always)
    private static func multiply(_ source: UnsafePointer<UInt8>, by weight: UInt16,
                                 into summed: UnsafeMutablePointer<UInt16>, count: Int) {
        let weights = SIMD16<UInt16>(repeating: weight)
        var index = 0
        while index + 16 <= count {
            let bytes = UnsafeRawPointer(source + index).loadUnaligned(as: SIMD16<UInt8>.self)
            UnsafeMutableRawPointer(summed + index).storeBytes(of: SIMD16<UInt16>(truncatingIfNeeded: bytes) &* weights,
                                                               as: SIMD16<UInt16>.self)
            index += 16
        }
        while index < count {
            summed[index] = UInt16(source[index]) &* weight
            index += 1
        }
    }

    /// `summed[i] += source[i] * weight` for `count` bytes, sixteen at a time.
    @inline(__always)
    private static func multiplyAdd(_ source: UnsafePointer<UInt8>, by weight: UInt16,
                                    into summed: UnsafeMutablePointer<UInt16>, count: Int) {
        let weights = SIMD16<UInt16>(repeating: weight)
        var index = 0
        while index + 16 <= count {
            let bytes = UnsafeRawPointer(source + index).loadUnaligned(as: SIMD16<UInt8>.self)
            let target = UnsafeMutableRawPointer(summed + index)
            let sum = target.loadUnaligned(as: SIMD16<UInt16>.self) &+ SIMD16<UInt16>(truncatingIfNeeded: bytes) &* weights
            target.storeBytes(of: sum, as: SIMD16<UInt16>.self)
            index += 16
        }
        while index < count {
            summed[index] &+= UInt16(source[index]) &* weight
            index += 1
        }
    }
}
