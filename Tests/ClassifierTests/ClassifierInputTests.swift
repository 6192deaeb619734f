import Captures
import ImageClassifier
import Testing

@Suite("Classifier input: centre crop, resize, normalisation")
struct ClassifierInputTests {
    static func image(width: Int, height: Int, pixel: (Int, Int) -> (UInt8, UInt8, UInt8)) -> RGBImage {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = pixel(x, y)
                bytes += [r, g, b]
            }
        }
        return RGBImage(width: width, height: height, pixels: bytes)
    }

    @Test("a 256-pixel square gives exactly its central 224 crop, normalised")
    func exactCrop() {
        let source = Self.image(width: 256, height: 256) { x, y in (UInt8(x), UInt8(y), UInt8((x + y) % 256)) }
        var crop: [UInt8] = []
        for y in 16..<240 { for x in 16..<240 { crop += [UInt8(x), UInt8(y), UInt8((x + y) % 256)] } }
        let viaResize = ClassifierInput.tensor(from: source)
        let direct = ClassifierInput.tensor(fromCrop: crop)
        #expect(viaResize.shape == [3, 224, 224])
        let worst = zip(viaResize.storage, direct.storage).map { abs($0 - $1) }.max() ?? .infinity
        #expect(worst < 1e-5)
    }

    @Test("what lies outside the centre crop of a wide image does not reach the input")
    func cropIgnoresBorder() {
        // 800×500: the crop is the central 437.5-pixel square; everything beyond 150 pixels from the centre
        // column's edge is black, the rest white.
        let source = Self.image(width: 800, height: 500) { x, y in
            abs(x - 400) < 230 && abs(y - 250) < 230 ? (255, 255, 255) : (0, 0, 0)
        }
        let tensor = ClassifierInput.tensor(from: source)
        let white = (Float(255) - ClassifierInput.mean) / ClassifierInput.standardDeviation
        let worst = tensor.storage.map { abs($0 - white) }.max() ?? .infinity
        #expect(worst < 1e-5)
    }

    @Test("a large image shrinks without aliasing: a one-pixel checkerboard averages to grey")
    func antialiased() {
        let source = Self.image(width: 1024, height: 1024) { x, y in (x + y) % 2 == 0 ? (255, 255, 255) : (0, 0, 0) }
        let tensor = ClassifierInput.tensor(from: source)
        let grey = (Float(127.5) - ClassifierInput.mean) / ClassifierInput.standardDeviation
        let worst = tensor.storage.map { abs($0 - grey) }.max() ?? .infinity
        #expect(worst < 0.05)
    }

    @Test("tiny images and extreme strips still give a full, finite input", arguments: [(1, 1), (3, 2), (2400, 2), (5, 900)])
    func extremeSizes(width: Int, height: Int) {
        let source = Self.image(width: width, height: height) { x, y in (UInt8(x % 256), UInt8(y % 256), 200) }
        let tensor = ClassifierInput.tensor(from: source)
        #expect(tensor.shape == [3, 224, 224])
        #expect(tensor.storage.allSatisfy { $0.isFinite && abs($0) <= 1.0001 })
        // The blue channel is 200 everywhere, so it stays exactly (200 - 127) / 128 whatever the resampling.
        let blue = tensor.storage[(2 * 224 * 224)...]
        #expect(blue.allSatisfy { abs($0 - 73.0 / 128.0) < 1e-5 })
    }
}
