import Captures
import FingerprintStages
import Testing

@Suite("Area-average resize, exact halving")
struct LumaPlaneHalvingTests {
    @Test("an image doubled by repeating each pixel comes back exactly when halved")
    func doubledThenHalved() {
        var random = TestRandom(seed: 8)
        let width = 40, height = 30
        let small = RGBImage(width: width, height: height, pixels: (0..<(width * height * 3)).map { _ in UInt8(random.next() % 256) })
        var doubled = [UInt8](repeating: 0, count: width * height * 12)
        for y in 0..<(2 * height) {
            for x in 0..<(2 * width) {
                for c in 0..<3 { doubled[(y * 2 * width + x) * 3 + c] = small.pixels[((y / 2) * width + x / 2) * 3 + c] }
            }
        }
        let large = RGBImage(width: 2 * width, height: 2 * height, pixels: doubled)
        let back = LumaPlane(areaAveraging: large, width: width, height: height)
        let direct = LumaPlane(areaAveraging: small, width: width, height: height)
        let worst = zip(back.values, direct.values).map { abs($0 - $1) }.max() ?? 0
        #expect(worst < 0.01)
    }
}
