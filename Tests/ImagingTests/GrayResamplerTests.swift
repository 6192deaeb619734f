import Imaging
import Testing

/// `GrayResampler` gives, bit for bit, what the C `line_resample` gave in `Sources/Inference/CLineKernels` before it
/// moved to its own C target: FNV-1a digests (and the middle pixel) of its output, computed with that C at the
/// commit before the move, for a source of `width` x `height` (rows `width + 3` bytes apart) whose pixel (x, y)
/// is (7x + 13y + xy mod 5) mod 256.
struct GrayResamplerTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var width, height, left, top, rectangleWidth, rectangleHeight, targetWidth, targetHeight: Int
        var digest: UInt64
        var middle: UInt8
        var testDescription: String {
            "\(rectangleWidth)x\(rectangleHeight) at (\(left), \(top)) to \(targetWidth)x\(targetHeight)"
        }
    }

    static let cases: [Case] = [
        Case(width: 300, height: 60, left: 0, top: 0, rectangleWidth: 300, rectangleHeight: 60, targetWidth: 180,
             targetHeight: 36, digest: 0x7dfb_0460_f411_7a5d, middle: 134),        // shrink
        Case(width: 300, height: 60, left: 10, top: 5, rectangleWidth: 200, rectangleHeight: 40, targetWidth: 90,
             targetHeight: 36, digest: 0xe56a_f882_5263_7f89, middle: 142),        // shrink a rectangle
        Case(width: 120, height: 20, left: 0, top: 0, rectangleWidth: 120, rectangleHeight: 20, targetWidth: 216,
             targetHeight: 36, digest: 0xa1bd_cd23_b7bd_f31f, middle: 127),        // grow
        Case(width: 120, height: 20, left: 7, top: 3, rectangleWidth: 50, rectangleHeight: 12, targetWidth: 150,
             targetHeight: 36, digest: 0x31fb_cf01_3b43_09ae, middle: 164),        // grow a rectangle
        Case(width: 64, height: 48, left: 0, top: 0, rectangleWidth: 64, rectangleHeight: 48, targetWidth: 100,
             targetHeight: 30, digest: 0x0774_1ed2_4f3b_8d8b, middle: 60),         // grow one side, shrink the other
        Case(width: 5, height: 5, left: 0, top: 0, rectangleWidth: 5, rectangleHeight: 5, targetWidth: 1,
             targetHeight: 1, digest: 0xaf63_a44c_8601_8d64, middle: 41),          // to one pixel
    ]

    @Test(arguments: cases)
    func sameBytesAsTheKernelBeforeTheMove(_ test: Case) {
        let stride = test.width + 3
        var source = [UInt8](repeating: 0, count: stride * test.height)
        for y in 0..<test.height {
            for x in 0..<stride { source[y * stride + x] = UInt8((x * 7 + y * 13 + (x * y) % 5) & 255) }
        }
        var target = [UInt8](repeating: 0, count: test.targetWidth * test.targetHeight)
        source.withUnsafeBufferPointer { source in
            target.withUnsafeMutableBufferPointer { target in
                GrayResampler.resample(source, stride: stride, left: test.left, top: test.top,
                                       width: test.rectangleWidth, height: test.rectangleHeight, into: target,
                                       targetWidth: test.targetWidth, targetHeight: test.targetHeight)
            }
        }
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in target {
            digest ^= UInt64(byte)
            digest = digest &* 0x100_0000_01b3
        }
        #expect(digest == test.digest)
        #expect(target[target.count / 2] == test.middle)
    }
}
