import Captures
import FingerprintStages
import Testing

@Suite("Focus")
struct FocusTests {
    let meter = FocusMeter()
    let rule = FocusRule()

    func measure(_ image: RGBImage) -> FocusMeasure { rule.measure(meter.statistics(of: image)) }

    @Test("given sharp photos, when blurred, then the blurred versions are flagged and the originals are not",
          arguments: [UInt64(21), 22])
    func blurredPhotosFlagged(seed: UInt64) {
        let sharp = SyntheticPicture.photo(seed: seed, width: 384, height: 288)
        let blurred = ImageVariants.blurred(sharp, sigma: 1.5)
        let sharpMeasure = measure(sharp), blurredMeasure = measure(blurred)
        #expect(!sharpMeasure.outOfFocus, "sharp: \(sharpMeasure)")
        #expect(blurredMeasure.outOfFocus, "blurred: \(blurredMeasure)")
        #expect(blurredMeasure.sharpness < sharpMeasure.sharpness / 4)
    }

    @Test("given a nearly empty page of crisp light text, then it is not flagged, but a blurred copy is")
    func flatScreenshot() {
        let page = SyntheticPicture.screenshot(seed: 3, width: 480, height: 300, lines: 1, ink: 170)
        let statistics = meter.statistics(of: page)
        #expect(statistics.laplacianVariance < 300, "variance alone does not vouch for it")
        #expect(statistics.edgeDensity < 0.1, "few edges")
        #expect(!rule.isOutOfFocus(statistics), "\(statistics)")
        let blurred = meter.statistics(of: ImageVariants.blurred(page, sigma: 1.5))
        #expect(rule.isOutOfFocus(blurred), "\(blurred)")
    }

    @Test("a plain colour has no edges and is not called out of focus")
    func plainColour() {
        let plain = RGBImage(width: 64, height: 48, pixels: [UInt8](repeating: 128, count: 64 * 48 * 3))
        let statistics = meter.statistics(of: plain)
        #expect(statistics.laplacianVariance == 0)
        #expect(!rule.isOutOfFocus(statistics))
    }

    @Test("the score is measured at the normalised size: a copy enlarged by repeating pixels scores the same")
    func normalisedSize() {
        let small = SyntheticPicture.photo(seed: 30, width: 256, height: 160)
        var doubled = [UInt8](repeating: 0, count: small.pixels.count * 16)
        for y in 0..<(4 * small.height) {
            for x in 0..<(4 * small.width) {
                for c in 0..<3 {
                    doubled[(y * 4 * small.width + x) * 3 + c] = small.pixels[((y / 4) * small.width + x / 4) * 3 + c]
                }
            }
        }
        let large = RGBImage(width: 4 * small.width, height: 4 * small.height, pixels: doubled)
        let smallScore = FocusMeter(longSide: 256).statistics(of: small).laplacianVariance
        let largeScore = FocusMeter(longSide: 256).statistics(of: large).laplacianVariance
        #expect(abs(smallScore - largeScore) < smallScore * 1e-3, "\(smallScore) vs \(largeScore)")
    }

    @Test("the threshold option overrides the default")
    func thresholdOverride() {
        let blurred = meter.statistics(of: ImageVariants.blurred(SyntheticPicture.photo(seed: 21, width: 384, height: 288),
                                                                 sigma: 1.5))
        #expect(FocusRule().isOutOfFocus(blurred))
        #expect(!FocusRule(threshold: blurred.detailRatio / 2).isOutOfFocus(blurred))
    }
}
