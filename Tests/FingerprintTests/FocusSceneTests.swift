import Captures
import FingerprintStages
import Testing

/// The flag follows what a person sees (issue 11): sharp smooth scenes are not flagged, defocus and motion blur
/// are, also under sensor noise.
@Suite("Focus that follows the picture")
struct FocusSceneTests {
    let meter = FocusMeter()
    let rule = FocusRule()

    func flagged(_ image: RGBImage) -> Bool { rule.isOutOfFocus(meter.statistics(of: image)) }

    /// An empty sky (a smooth gradient) over a crisp dark horizon with two birds: little detail, all of it sharp.
    static func sky(width: Int = 480, height: Int = 320) -> RGBImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let horizon = Int(Double(height) * 0.85 + 6 * Double((x / 37) % 3))
                var value: [Double] = [70 + 120 * Double(y) / Double(height), 130 + 80 * Double(y) / Double(height), 235]
                if y >= horizon { value = [25, 30, 25] }
                if (abs(x - 120) < 7 && abs(y - 80) < 2) || (abs(x - 300) < 6 && abs(y - 60) < 2) { value = [20, 20, 30] }
                for c in 0..<3 { pixels[(y * width + x) * 3 + c] = UInt8(value[c]) }
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// Fog: posts a few levels darker than a light grey haze, with crisp sides.
    static func fog(width: Int = 480, height: Int = 320) -> RGBImage {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                var level = 190 - 15 * Double(y) / Double(height)
                if y > height / 3, [60, 170, 310, 400].contains(where: { x >= $0 && x < $0 + 9 }) { level -= 14 }
                for c in 0..<3 { pixels[(y * width + x) * 3 + c] = UInt8(level) }
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// Linear motion blur along x over `length` pixels (a box along the motion).
    static func moved(_ image: RGBImage, length: Int) -> RGBImage {
        var pixels = image.pixels
        for y in 0..<image.height {
            for x in 0..<image.width {
                for c in 0..<3 {
                    var sum = 0
                    for step in 0..<length {
                        let sx = min(image.width - 1, max(0, x + step - length / 2))
                        sum += Int(image.pixels[(y * image.width + sx) * 3 + c])
                    }
                    pixels[(y * image.width + x) * 3 + c] = UInt8(sum / length)
                }
            }
        }
        return RGBImage(width: image.width, height: image.height, pixels: pixels)
    }

    /// Sensor-like noise: each value moved by up to `amplitude` levels (seeded).
    static func noisy(_ image: RGBImage, amplitude: Int, seed: UInt64) -> RGBImage {
        var random = TestRandom(seed: seed)
        let pixels = image.pixels.map { value in
            UInt8(clamping: Int(value) + Int(random.next() % UInt64(2 * amplitude + 1)) - amplitude)
        }
        return RGBImage(width: image.width, height: image.height, pixels: pixels)
    }

    @Test("sharp smooth scenes are not flagged; their blurred copies are")
    func smoothScenes() {
        for (name, scene) in [("sky", Self.sky()), ("fog", Self.fog())] {
            #expect(!flagged(scene), "\(name): \(meter.statistics(of: scene))")
            #expect(flagged(ImageVariants.blurred(scene, sigma: 2.5)), "\(name) blurred")
        }
    }

    @Test("motion blur is flagged although edges along the motion stay sharp", arguments: [UInt64(21), 22])
    func motionBlur(seed: UInt64) {
        let sharp = SyntheticPicture.photo(seed: seed, width: 384, height: 288)
        #expect(!flagged(sharp))
        let moved = Self.moved(sharp, length: 9)
        #expect(flagged(moved), "\(meter.statistics(of: moved))")
    }

    @Test("sensor noise does not hide a blur, nor make a sharp picture look blurred")
    func noise() {
        let sharp = SyntheticPicture.photo(seed: 23, width: 384, height: 288)
        #expect(!flagged(Self.noisy(sharp, amplitude: 4, seed: 1)))
        let blurred = Self.noisy(ImageVariants.blurred(sharp, sigma: 2.5), amplitude: 4, seed: 2)
        #expect(flagged(blurred), "\(meter.statistics(of: blurred))")
    }
}
