import Captures
import Imaging
import Testing

/// `Luma` reproduces, bit for bit, the three conversions it replaced (issue 16): `GrayImage(RGBImage)`'s integer
/// formula, `RGBImage.luma()` and `AreaResampler`'s `Float` formula, on every one of the 2^24 colours.
@Suite struct LumaTests {
    @Test func byteMatchesTheLineRecognisersIntegerFormulaOnEveryColour() {
        var mismatches = 0
        for red in 0...255 {
            for green in 0...255 {
                for blue in 0...255 {
                    let r = UInt32(red), g = UInt32(green), b = UInt32(blue)
                    let before = UInt8((77 * r + 150 * g + 29 * b + 128) >> 8)
                    if Luma.byte(UInt8(red), UInt8(green), UInt8(blue)) != before { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func valueMatchesTheFloatFormulaOnEveryColour() {
        var mismatches = 0
        for red in 0...255 {
            for green in 0...255 {
                for blue in 0...255 {
                    let r = Float(red), g = Float(green), b = Float(blue)
                    let before: Float = 0.299 * r + 0.587 * g + 0.114 * b
                    if Luma.value(r, g, b).bitPattern != before.bitPattern { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0)
        #expect(Luma.weights == [0.299, 0.587, 0.114])
    }

    /// The two arithmetics are not interchangeable: the byte formula is not the float one rounded.
    @Test func byteAndValueDisagreeSomewhere() {
        let red = Luma.byte(255, 0, 0), redValue = Luma.value(255, 0, 0)
        #expect(red == 77)
        #expect(Int(redValue.rounded()) == 76)
    }

    @Test func imageConversionsGoPixelByPixel() {
        let image = RGBImage(width: 2, height: 1, pixels: [255, 255, 255, 10, 200, 30])
        #expect(Luma.bytes(of: image) == [255, Luma.byte(10, 200, 30)])
        #expect(image.luma() == [Luma.value(255, 255, 255), Luma.value(10, 200, 30)])
        #expect(Luma.values(of: image) == image.luma())
    }

    /// `bytes(of:)` (a C loop vectorised for the CPU at hand: AVX2 here) gives `byte` of every pixel: every one of
    /// the 2^24 colours in one image, and short images whose pixel counts end inside a vector step.
    @Test func bytesOfAnImageAgreeWithBytePerPixel() {
        var pixels = [UInt8](repeating: 0, count: 3 << 24)
        for colour in 0..<(1 << 24) {
            pixels[3 * colour] = UInt8(colour >> 16)
            pixels[3 * colour + 1] = UInt8((colour >> 8) & 255)
            pixels[3 * colour + 2] = UInt8(colour & 255)
        }
        let everyColour = RGBImage(width: 4096, height: 4096, pixels: pixels)
        let gray = Luma.bytes(of: everyColour)
        var mismatches = 0
        for index in 0..<(1 << 24)
        where gray[index] != Luma.byte(pixels[3 * index], pixels[3 * index + 1], pixels[3 * index + 2]) {
            mismatches += 1
        }
        #expect(mismatches == 0)
        for count in 0...70 {
            let short = (0..<3 * count).map { UInt8(($0 * 97 + 31) & 255) }
            let image = RGBImage(width: count, height: count == 0 ? 0 : 1, pixels: short)
            let expected = (0..<count).map { Luma.byte(short[3 * $0], short[3 * $0 + 1], short[3 * $0 + 2]) }
            #expect(Luma.bytes(of: image) == expected, "\(count) pixels")
        }
    }
}
