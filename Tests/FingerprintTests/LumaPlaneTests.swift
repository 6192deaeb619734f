import Captures
import FingerprintStages
import Testing

@Suite("Area-average resize")
struct LumaPlaneTests {
    @Test("a flat colour stays that colour's luma at any size")
    func flatColour() {
        let image = RGBImage(width: 37, height: 23, pixels: [UInt8](repeating: 0, count: 37 * 23 * 3).enumerated()
            .map { [200, 100, 50][$0.offset % 3] })
        let expected: Float = 0.299 * 200 + 0.587 * 100 + 0.114 * 50
        for (width, height) in [(32, 32), (10, 7), (37, 23), (80, 50), (3, 500)] {
            let plane = LumaPlane(areaAveraging: image, width: width, height: height)
            #expect(plane.values.allSatisfy { abs($0 - expected) < 0.01 }, "\(width) x \(height)")
        }
        let pixel = RGBImage(width: 1, height: 1, pixels: [200, 100, 50])
        let stretched = LumaPlane(areaAveraging: pixel, width: 300, height: 300)
        #expect(stretched.values.allSatisfy { abs($0 - expected) < 0.01 }, "one pixel stretched 300 times")
    }

    @Test("shrinking by a fraction keeps the mean and averages each covered area")
    func keepsMean() {
        var random = TestRandom(seed: 5)
        let image = RGBImage(width: 50, height: 30, pixels: (0..<(50 * 30 * 3)).map { _ in UInt8(random.next() % 256) })
        let full = LumaPlane(areaAveraging: image, width: 50, height: 30)
        let small = LumaPlane(areaAveraging: image, width: 16, height: 7)
        let mean = { (values: [Float]) in values.reduce(0, +) / Float(values.count) }
        #expect(abs(mean(full.values) - mean(small.values)) < 0.05)
        // Halving exactly: each output pixel is the mean of a 2 x 2 block.
        let half = LumaPlane(areaAveraging: image, width: 25, height: 15)
        let block = (full.values[0] + full.values[1] + full.values[50] + full.values[51]) / 4
        #expect(abs(half.values[0] - block) < 0.01)
    }

    @Test("the focus size keeps the aspect ratio and never enlarges")
    func fittingSize() {
        let image = RGBImage(width: 1600, height: 1000, pixels: [UInt8](repeating: 0, count: 1600 * 1000 * 3))
        #expect(LumaPlane.size(fitting: image, longSide: 512) == (512, 320))
        let small = RGBImage(width: 300, height: 200, pixels: [UInt8](repeating: 0, count: 300 * 200 * 3))
        #expect(LumaPlane.size(fitting: small, longSide: 512) == (300, 200))
    }

    @Test("at the focus ratio (3.125) and an uneven one, every output pixel is the exact area mean of the luma",
          arguments: [(250, 160, 80, 51), (203, 131, 64, 41), (97, 61, 32, 32)])
    func exactAreaMean(size: (Int, Int, Int, Int)) {
        let (width, height, targetWidth, targetHeight) = size
        var random = TestRandom(seed: UInt64(width))
        let image = RGBImage(width: width, height: height,
                             pixels: (0..<(width * height * 3)).map { _ in UInt8(random.next() % 256) })
        let plane = LumaPlane(areaAveraging: image, width: targetWidth, height: targetHeight)
        func luma(_ x: Int, _ y: Int) -> Double {
            let base = (y * width + x) * 3
            return 0.299 * Double(image.pixels[base]) + 0.587 * Double(image.pixels[base + 1])
                + 0.114 * Double(image.pixels[base + 2])
        }
        // The overlap of source pixel `index` with the target pixel `target` covering `0..<source` in `count` parts.
        func overlap(_ index: Int, _ target: Int, source: Int, count: Int) -> Double {
            let start = Double(target) * Double(source) / Double(count)
            let end = Double(target + 1) * Double(source) / Double(count)
            return max(0, min(end, Double(index + 1)) - max(start, Double(index)))
        }
        var worst = 0.0, total = 0.0
        for ty in 0..<targetHeight {
            for tx in 0..<targetWidth {
                var sum = 0.0, area = 0.0
                for y in 0..<height {
                    let wy = overlap(y, ty, source: height, count: targetHeight)
                    guard wy > 0 else { continue }
                    for x in 0..<width {
                        let w = wy * overlap(x, tx, source: width, count: targetWidth)
                        sum += w * luma(x, y)
                        area += w
                    }
                }
                let error = abs(Double(plane.values[ty * targetWidth + tx]) - sum / area)
                worst = max(worst, error)
                total += error
            }
        }
        // Rows are summed with fixed-point weights (1/64 of a row at this size), so a partly covered row may be
        // off by a fraction of a level; a lost or doubled row would be off by tens of levels.
        #expect(worst < 1.0, "worst error \(worst) levels")
        #expect(total / Double(targetWidth * targetHeight) < 0.2, "mean error")
    }
}
