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
}
