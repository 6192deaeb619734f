import CZXing
import Captures
@testable import CodeReading
import LineRecognition
import ReadingFixtures
import Testing

/// The matrix pass's pyramid and hybrid binarisation made by the shim (HybridBits.hpp, issue 10, codes speed): the
/// fast binarisation gives the bits of the plain per-pixel path (a transcription of zxing-cpp 1.4's HybridBinarizer),
/// in both polarities and at awkward sizes; a pyramid layer is each block's rounded mean; and reading with these
/// layers finds the same codes, in the same places, as letting zxing-cpp make them.
@Suite("Hybrid bits")
struct HybridBitsTests {
    /// A seeded image mixing flat areas (of several levels, so flat blocks take their neighbours' black points),
    /// gradients, steps and noise.
    static func image(width: Int, height: Int, seed: UInt64) -> [UInt8] {
        var state = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var pixels = [UInt8](repeating: 0, count: width * height)
        let flat = UInt8(next() % 256)
        for y in 0..<height {
            for x in 0..<width {
                let value: Int
                switch (x / 37 + y / 23) % 4 {
                case 0: value = Int(flat) + next() % 9 - 4                      // nearly flat
                case 1: value = (x * 255) / max(1, width - 1) + next() % 31 - 15 // gradient with noise
                case 2: value = ((x / 3 + y / 3) % 2 == 0) ? 20 + next() % 20 : 220 + next() % 30 // modules
                default: value = next() % 256                                   // noise
                }
                pixels[y * width + x] = UInt8(clamping: value)
            }
        }
        return pixels
    }

    static func binarized(_ pixels: [UInt8], width: Int, height: Int, inverted: Bool, reference: Bool) -> [UInt8]? {
        var out = [UInt8](repeating: 7, count: width * height)
        let status = pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                pool_zx_binarize(source.baseAddress, Int32(width), Int32(height), inverted ? 1 : 0, reference ? 1 : 0,
                                 target.baseAddress)
            }
        }
        return status == 0 ? out : nil
    }

    @Test("given images of awkward sizes, when binarised fast and by the plain path, then the bits are the same",
          arguments: [(40, 40), (41, 97), (47, 40), (333, 200), (536, 301), (1600, 903)])
    func fastEqualsPlain(_ size: (Int, Int)) throws {
        let (width, height) = size
        for seed in UInt64(1)...3 {
            let pixels = Self.image(width: width, height: height, seed: seed &+ UInt64(width * height))
            for inverted in [false, true] {
                let fast = try #require(Self.binarized(pixels, width: width, height: height, inverted: inverted,
                                                       reference: false))
                let plain = try #require(Self.binarized(pixels, width: width, height: height, inverted: inverted,
                                                        reference: true))
                #expect(fast == plain, "\(width)x\(height), seed \(seed), inverted \(inverted)")
                #expect(fast.allSatisfy { $0 == 0 || $0 == 255 })
            }
        }
    }

    @Test("given an image and its turned-over copy, when binarised, then the inverted read of one is the plain read of the other")
    func invertedIsTurnedOver() throws {
        let pixels = Self.image(width: 211, height: 157, seed: 42)
        let turned = pixels.map { 255 - $0 }
        for reference in [false, true] {
            let inverted = try #require(Self.binarized(pixels, width: 211, height: 157, inverted: true, reference: reference))
            let plain = try #require(Self.binarized(turned, width: 211, height: 157, inverted: false, reference: reference))
            #expect(inverted == plain)
        }
    }

    @Test("given images under 40 px a side, when binarised, then the shim declines (zxing-cpp binarises those otherwise)")
    func smallImagesDeclined() {
        #expect(Self.binarized([UInt8](repeating: 0, count: 39 * 100), width: 39, height: 100, inverted: false,
                               reference: false) == nil)
        #expect(Self.binarized([UInt8](repeating: 0, count: 100 * 39), width: 100, height: 39, inverted: true,
                               reference: true) == nil)
    }

    @Test("given an image, when shrunk by 2, 3 or 4, then each pixel is its block's rounded mean", arguments: [2, 3, 4])
    func shrunkLayer(_ factor: Int) {
        let width = 101, height = 77
        let pixels = Self.image(width: width, height: height, seed: UInt64(factor))
        let outWidth = width / factor, outHeight = height / factor
        var out = [UInt8](repeating: 0, count: outWidth * outHeight)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                pool_zx_shrink(source.baseAddress, Int32(width), Int32(height), Int32(factor), target.baseAddress)
            }
        }
        var expected = [UInt8](repeating: 0, count: outWidth * outHeight)
        for y in 0..<outHeight {
            for x in 0..<outWidth {
                var sum = factor * factor / 2
                for dy in 0..<factor {
                    for dx in 0..<factor { sum += Int(pixels[(y * factor + dy) * width + x * factor + dx]) }
                }
                expected[y * outWidth + x] = UInt8(sum / (factor * factor))
            }
        }
        #expect(out == expected)
    }

    /// What `pool_zx_read` finds in `gray`: each code's format, payload and corners.
    static func codes(_ gray: GrayImage, inverted: Bool, zxingLayers: Bool) throws -> [String] {
        var settings = PoolZXOptions()
        settings.try_harder = 1
        settings.try_rotate = 1
        settings.try_downscale = 1
        settings.linear_one_read = 1
        settings.linear_skip_downscale = 1
        settings.inverted = inverted ? 1 : 0
        settings.zxing_layers = zxingLayers ? 1 : 0
        var results = PoolZXResults()
        defer { pool_zx_free(&results) }
        let status = gray.pixels.withUnsafeBufferPointer { pixels in
            pool_zx_read(pixels.baseAddress, Int32(gray.width), Int32(gray.height), 1, &settings, &results)
        }
        try #require(status == 0)
        return (0..<results.count).map { index in
            let code = results.codes[index]
            let format = withUnsafeBytes(of: code.format) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let payload = Array(UnsafeBufferPointer(start: code.bytes, count: code.byte_count))
            return "\(format) \(payload) \(code.corner_x) \(code.corner_y)"
        }
    }

    @Test("given matrix codes dark and light on a large screen, when read with the shim's layers and with zxing-cpp's, then the codes and their corners are the same")
    func sameCodesAsZXing() throws {
        var canvas = Canvas(width: 1700, height: 1150, color: .init(235, 236, 240))
        canvas.fill(x: 850, y: 0, width: 850, height: 1150, color: .init(20, 22, 30))
        let symbols: [(String, String, Int)] = [("QRCODE", "https://example.com/ticket/8812", 4),
                                                ("DATAMATRIX", "LOT 4471-B", 5), ("AZTEC", "PASS 0093 ROW 12", 4),
                                                ("PDF417", "SEAT 21A GATE 14", 2)]
        for (index, (symbology, data, scale)) in symbols.enumerated() {
            let symbol = try CodeMaker.symbol(symbology, data: data, scale: scale)
            canvas.paste(symbol, x: 60 + (index % 2) * 390, y: 80 + (index / 2) * 520)
            canvas.paste(Pdf417EvidenceTests.inverted(symbol), x: 910 + (index % 2) * 390, y: 80 + (index / 2) * 520)
        }
        let gray = GrayImage(canvas.image)
        for inverted in [false, true] {
            let ours = try Self.codes(gray, inverted: inverted, zxingLayers: false)
            let theirs = try Self.codes(gray, inverted: inverted, zxingLayers: true)
            #expect(!ours.isEmpty)
            #expect(ours == theirs, "inverted \(inverted)")
        }
        let centre = GrayImage(canvas.image).cropped(x: 300, y: 200, width: 1000, height: 700)
        #expect(try Self.codes(centre, inverted: false, zxingLayers: false)
            == Self.codes(centre, inverted: false, zxingLayers: true))
    }
}
