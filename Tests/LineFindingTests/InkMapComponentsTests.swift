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
}
