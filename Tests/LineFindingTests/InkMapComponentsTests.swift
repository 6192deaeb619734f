@testable import LineFinding
import LineRecognition
import Testing

/// The ink map's connected components, found over runs with their arrays allocated once (issue 10, text stage
/// speed): each must be what a flood fill of 8-connected pixels finds, in the order of their first pixel.
@Suite("Ink map components")
struct InkMapComponentsTests {
    /// Components by flood fill, in raster order of their first pixel.
    static func floodFill(_ map: InkMap, _ ink: InkMap.Ink) -> [InkBlob] {
        var seen = [Bool](repeating: false, count: map.width * map.height)
        var blobs: [InkBlob] = []
        for start in 0..<(map.width * map.height) where !seen[start] && map.classes[start] == ink.rawValue {
            var blob = InkBlob(minX: start % map.width, minY: start / map.width, maxX: start % map.width + 1,
                               maxY: start / map.width + 1, pixels: 0)
            var stack = [start]
            seen[start] = true
            while let index = stack.popLast() {
                let x = index % map.width, y = index / map.width
                blob.minX = min(blob.minX, x)
                blob.maxX = max(blob.maxX, x + 1)
                blob.minY = min(blob.minY, y)
                blob.maxY = max(blob.maxY, y + 1)
                blob.pixels += 1
                for dy in -1...1 {
                    for dx in -1...1 {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, nx < map.width, ny >= 0, ny < map.height else { continue }
                        let next = ny * map.width + nx
                        if !seen[next] && map.classes[next] == ink.rawValue {
                            seen[next] = true
                            stack.append(next)
                        }
                    }
                }
            }
            blobs.append(blob)
        }
        return blobs
    }

    @Test("given random images, when the components of each ink are found, then they are the flood fill's",
          arguments: [(1, 1, 0), (5, 3, 1), (40, 31, 6), (97, 64, 12), (16, 120, 3)])
    func components(width: Int, height: Int, radius: Int) {
        for contrast in [0, 8, 30] {
            let image = WindowSumsTests.image(width: width, height: height, seed: UInt64(width * 31 + contrast))
            let map = InkMap(image, radius: radius, contrast: contrast)
            for ink in [InkMap.Ink.dark, .light] {
                #expect(map.components(of: ink) == Self.floodFill(map, ink),
                        "\(width)x\(height), radius \(radius), contrast \(contrast), \(ink)")
            }
        }
    }

    @Test("given a light page with dark and light bars of many widths, when the components are found, then they are the flood fill's (long runs of ground and ink across the eight-pixel steps of the run scan)",
          arguments: [(203, 57), (64, 40), (9, 33)])
    func componentsOfBars(width: Int, height: Int) {
        var pixels = [UInt8](repeating: 200, count: width * height)
        var state: UInt64 = UInt64(width * 1_000 + height)
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<(width * height / 150 + 3) {
            let x0 = next(width), y0 = next(height), w = 1 + next(30), h = 1 + next(6)
            let value: UInt8 = next(3) == 0 ? 255 : 20
            for y in y0..<min(height, y0 + h) {
                for x in x0..<min(width, x0 + w) { pixels[y * width + x] = value }
            }
        }
        let map = InkMap(GrayImage(width: width, height: height, pixels: pixels), radius: 7, contrast: 10)
        for ink in [InkMap.Ink.dark, .light] {
            let found = map.components(of: ink)
            #expect(found == Self.floodFill(map, ink), "\(width)x\(height), \(ink)")
            #expect(!found.isEmpty)
        }
    }
}
