@testable import LineFinding
import LineRecognition
import Testing

/// The running window sums that replaced the summed-area tables of the ink map and the page preparation (issue
/// 10, text stage speed): every window's sum, and so every pixel's class, must be what summing the clipped window
/// pixel by pixel gives, at the edges and corners too and for windows wider than the image.
@Suite("Window sums")
struct WindowSumsTests {
    /// Random levels in runs, so some windows are flat and some pixels sit exactly on the contrast margins.
    static func image(width: Int, height: Int, seed: UInt64) -> GrayImage {
        var state = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        var pixels: [UInt8] = []
        while pixels.count < width * height {
            let level = UInt8(next() % 256), run = Int(next() % 30) + 1
            pixels += [UInt8](repeating: level, count: min(run, width * height - pixels.count))
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    /// The sum and area of the clipped window around `(x, y)`, pixel by pixel.
    static func window(_ image: GrayImage, x: Int, y: Int, radius: Int) -> (total: Int, area: Int) {
        var total = 0, area = 0
        for wy in max(0, y - radius)..<min(image.height, y + radius + 1) {
            for wx in max(0, x - radius)..<min(image.width, x + radius + 1) {
                total += Int(image.pixels[wy * image.width + wx])
                area += 1
            }
        }
        return (total, area)
    }

    static let shapes = [(1, 1, 0), (1, 9, 2), (9, 1, 3), (7, 5, 2), (33, 20, 4), (40, 31, 20), (64, 48, 15),
                         (12, 90, 40), (203, 17, 7), (97, 3, 1)]

    @Test("given random images and radii, when the windows are summed, then each sum and row count is the window's",
          arguments: shapes)
    func sums(width: Int, height: Int, radius: Int) {
        let image = Self.image(width: width, height: height, seed: UInt64(width * 1000 + height * 10 + radius))
        var seen = 0
        image.pixels.withUnsafeBufferPointer { pixels in
            WindowSums.forEachRow(pixels, width: width, height: height, radius: radius) { y, totals, rows in
                #expect(y == seen)
                seen += 1
                for x in 0..<width {
                    let expected = Self.window(image, x: x, y: y, radius: radius)
                    let columns = min(width, x + radius + 1) - max(0, x - radius)
                    #expect(Int(totals[x]) == expected.total && columns * rows == expected.area,
                            "\(width)x\(height), radius \(radius), pixel (\(x), \(y))")
                }
            }
        }
        #expect(seen == height)
    }

    @Test("given random images, when classified into inks, then each pixel's class is the one its window's mean gives",
          arguments: shapes)
    func inkClasses(width: Int, height: Int, radius: Int) {
        let image = Self.image(width: width, height: height, seed: UInt64(7 * width + 13 * height + radius))
        for contrast in [0, 1, 18, 60] {
            let map = InkMap(image, radius: radius, contrast: contrast)
            for y in 0..<height {
                for x in 0..<width {
                    let (total, area) = Self.window(image, x: x, y: y, radius: radius)
                    let value = Int(image.pixels[y * width + x]) * area
                    let expected: UInt8 = value + contrast * area < total ? InkMap.Ink.dark.rawValue
                        : value - contrast * area > total ? InkMap.Ink.light.rawValue : 0
                    #expect(map.classes[y * width + x] == expected,
                            "\(width)x\(height), radius \(radius), contrast \(contrast), pixel (\(x), \(y))")
                }
            }
        }
    }
}
