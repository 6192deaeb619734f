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
    /// lanes of the float path for the pass that reads every source byte, each source row read once. Each
    /// summed row of R, G, B is then reduced to the target's columns as luma by `ColumnTaps` (the luma weights
    /// folded into the column weights), so no pass converts every source pixel to luma.
    func resampleFixedPoint(_ image: RGBImage, weightScale: Int) -> [Float] {
        let targetWidth = targetWidth, channels = sourceWidth * 3, rows = rows
        let taps = ColumnTaps(columns: columns, sourceWidth: sourceWidth)
        // Two row buffers: the target row being summed, and the next one, which a source row straddling the
        // boundary between them starts while it is read (so each source row is read once).
        // (Each buffer a whole number of 64-byte lines, so both stay aligned.)
        let bufferLength = (channels + taps.overrun + 31) / 32 * 32
        var buffers = [UInt16](repeating: 0, count: 2 * bufferLength)
        // The fixed-point weight of source row `row` in target row `span` (at least 1 for any covered row, so a
        // row stretched over many target rows is never weighted 0; each target row is divided by its own
        // weights anyway).
        func fixedWeight(_ span: Span, _ row: Int) -> UInt16 {
            let weight = row == span.first ? span.firstWeight : row == span.last ? span.lastWeight : 1
            let scaled = Int((weight * Float(weightScale)).rounded())
            return UInt16(truncatingIfNeeded: weight > 0 ? max(1, scaled) : 0)
        }
        // Every value is written below (each target row's columns), so the output starts uninitialised.
        let count = targetWidth * targetHeight
        return [Float](unsafeUninitializedCapacity: count) { outputBuffer, initialized in
            image.pixels.withUnsafeBufferPointer { pixels in
                buffers.withUnsafeMutableBufferPointer { buffers in
                    var summed = buffers.baseAddress!, next = summed + bufferLength
                    var carried: Int?  // the weight of the row `next` already holds for this target row
                    for (targetRow, span) in rows.enumerated() {
                        var rowWeight = 0, row = span.first, started = false
                        if let weight = carried {
                            swap(&summed, &next)
                            rowWeight = weight
                            row += 1
                            started = true
                            carried = nil
                        }
                        while row <= span.last {
                            let fixed = fixedWeight(span, row)
                            let source = pixels.baseAddress! + row * channels
                            rowWeight += Int(fixed)
                            if row == span.last, targetRow + 1 < rows.count, rows[targetRow + 1].first == row {
                                let nextFixed = fixedWeight(rows[targetRow + 1], row)
                                Self.split(source, by: fixed, nextBy: nextFixed, into: summed, started: started,
                                           next: next, count: channels)
                                carried = Int(nextFixed)
                            } else if !started {
                                Self.multiply(source, by: fixed, into: summed, count: channels)
                            } else if fixed > 0 {
                                Self.multiplyAdd(source, by: fixed, into: summed, count: channels)
                            }
                            started = true
                            row += 1
                        }
                        taps.reduce(summed, scale: 1 / Float(max(rowWeight, 1)),
                                    into: outputBuffer.baseAddress! + targetRow * targetWidth)
                    }
                }
            }
            initialized = count
        }
    }

    /// One source row shared by two target rows: `summed[i] (+)= source[i] * weight` (added when `started`)
    /// and `next[i] = source[i] * nextWeight`, from one read of the row.
    @inline(__always)
    private static func split(_ source: UnsafePointer<UInt8>, by weight: UInt16, nextBy nextWeight: UInt16,
                              into summed: UnsafeMutablePointer<UInt16>, started: Bool,
                              next: UnsafeMutablePointer<UInt16>, count: Int) {
        let weights = SIMD16<UInt16>(repeating: weight), nextWeights = SIMD16<UInt16>(repeating: nextWeight)
        let keep = SIMD16<UInt16>(repeating: started ? 0xFFFF : 0)
        var index = 0
        while index + 16 <= count {
            let bytes = SIMD16<UInt16>(truncatingIfNeeded:
                UnsafeRawPointer(source + index).loadUnaligned(as: SIMD16<UInt8>.self))
            let target = UnsafeMutableRawPointer(summed + index)
            let sum = (target.loadUnaligned(as: SIMD16<UInt16>.self) & keep) &+ bytes &* weights
            target.storeBytes(of: sum, as: SIMD16<UInt16>.self)
            UnsafeMutableRawPointer(next + index).storeBytes(of: bytes &* nextWeights, as: SIMD16<UInt16>.self)
            index += 16
        }
        while index < count {
            summed[index] = (started ? summed[index] : 0) &+ UInt16(source[index]) &* weight
            next[index] = UInt16(source[index]) &* nextWeight
            index += 1
        }
    }

    /// `summed[i] = source[i] * weight` for `count` bytes (a plain loop: the compiler's own vectorisation of
    /// it measured faster than explicit `SIMD16` here).
    @inline(__always)
    private static func multiply(_ source: UnsafePointer<UInt8>, by weight: UInt16,
                                 into summed: UnsafeMutablePointer<UInt16>, count: Int) {
        for index in 0..<count { summed[index] = UInt16(source[index]) &* weight }
    }

    /// `summed[i] += source[i] * weight` for `count` bytes.
    @inline(__always)
    private static func multiplyAdd(_ source: UnsafePointer<UInt8>, by weight: UInt16,
                                    into summed: UnsafeMutablePointer<UInt16>, count: Int) {
        for index in 0..<count { summed[index] &+= UInt16(source[index]) &* weight }
    }
}
