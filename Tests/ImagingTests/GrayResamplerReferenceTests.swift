import Imaging
import Testing

/// `GrayResampler` against the per-pixel definition of its two resizes, written out here in Swift: the box mean
/// when neither side grows, and the bilinear step (both source lines interpolated across, then down, in `Float`,
/// plus a half, truncated) when one does. The C kernel keeps each source line's horizontal step for the output rows
/// that read it again; this holds that to the same bytes on noise, across shapes that grow, shrink and mix.
struct GrayResamplerReferenceTests {
    /// A generator of the same noise on every run (xorshift).
    struct Noise {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    /// Where output pixel `index` samples `size` source pixels scaled by `scale` (the C `bilinear_tap`).
    static func tap(_ index: Int, _ scale: Float, _ size: Int) -> (first: Int, second: Int, weight: Float) {
        var position = (Float(index) + 0.5) * scale - 0.5
        if position < 0 { position = 0 }
        let low = min(Int(position), size - 1)
        return (low, low + 1 < size ? low + 1 : size - 1, position - Float(low))
    }

    static func reference(_ source: [UInt8], stride: Int, left: Int, top: Int, width: Int, height: Int,
                          targetWidth: Int, targetHeight: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: targetWidth * targetHeight)
        func pixel(_ x: Int, _ y: Int) -> UInt8 { source[(top + y) * stride + left + x] }
        if targetWidth <= width && targetHeight <= height {
            for y in 0..<targetHeight {
                let y0 = y * height / targetHeight, y1 = max((y + 1) * height / targetHeight, y0 + 1)
                for x in 0..<targetWidth {
                    let x0 = x * width / targetWidth, x1 = max((x + 1) * width / targetWidth, x0 + 1)
                    var sum = 0
                    for row in y0..<y1 { for column in x0..<x1 { sum += Int(pixel(column, row)) } }
                    out[y * targetWidth + x] = UInt8(sum / ((y1 - y0) * (x1 - x0)))
                }
            }
            return out
        }
        let scaleX = Float(width) / Float(targetWidth), scaleY = Float(height) / Float(targetHeight)
        for y in 0..<targetHeight {
            let (y0, y1, fy) = tap(y, scaleY, height)
            for x in 0..<targetWidth {
                let (x0, x1, fx) = tap(x, scaleX, width)
                let upper = Float(pixel(x0, y0)) * (1 - fx) + Float(pixel(x1, y0)) * fx
                let lower = Float(pixel(x0, y1)) * (1 - fx) + Float(pixel(x1, y1)) * fx
                let value = upper * (1 - fy) + lower * fy + 0.5
                out[y * targetWidth + x] = UInt8(value > 255 ? 255 : value)
            }
        }
        return out
    }

    @Test func sameBytesAsThePerPixelDefinition() {
        var noise = Noise(state: 0x9e37_79b9_7f4a_7c15)
        let stride = 181, rows = 97
        let source = (0..<stride * rows).map { _ in UInt8(truncatingIfNeeded: noise.next()) }
        var grown = 0, mismatches: [String] = []
        for _ in 0..<400 {
            let width = 1 + noise.below(120), height = 1 + noise.below(60)
            let left = noise.below(stride - width + 1), top = noise.below(rows - height + 1)
            let targetWidth = 1 + noise.below(300), targetHeight = 1 + noise.below(90)
            if targetWidth > width || targetHeight > height { grown += 1 }
            var target = [UInt8](repeating: 0, count: targetWidth * targetHeight)
            source.withUnsafeBufferPointer { pixels in
                target.withUnsafeMutableBufferPointer { target in
                    GrayResampler.resample(pixels, stride: stride, left: left, top: top, width: width,
                                           height: height, into: target, targetWidth: targetWidth,
                                           targetHeight: targetHeight)
                }
            }
            let expected = Self.reference(source, stride: stride, left: left, top: top, width: width,
                                          height: height, targetWidth: targetWidth, targetHeight: targetHeight)
            if target != expected {
                mismatches.append("\(width)x\(height) at (\(left), \(top)) to \(targetWidth)x\(targetHeight)")
            }
        }
        #expect(grown > 200)
        #expect(mismatches.isEmpty, "differ: \(mismatches.prefix(5))")
    }
}
