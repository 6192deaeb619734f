import Captures
import Foundation

/// A float RGB canvas turned into an `RGBImage` (clamped, rounded).
struct Canvas {
    let width: Int
    let height: Int
    var values: [Double]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        values = [Double](repeating: 0, count: width * height * 3)
    }

    init(_ image: RGBImage) {
        width = image.width
        height = image.height
        values = image.pixels.map(Double.init)
    }

    mutating func set(_ x: Int, _ y: Int, _ colour: [Double]) {
        set(x, y, colour[0], colour[1], colour[2])
    }

    mutating func set(_ x: Int, _ y: Int, _ red: Double, _ green: Double, _ blue: Double) {
        let base = (y * width + x) * 3
        values[base] = red
        values[base + 1] = green
        values[base + 2] = blue
    }

    var image: RGBImage {
        RGBImage(width: width, height: height, pixels: values.map { UInt8(max(0, min(255, $0.rounded()))) })
    }
}
