import Captures
import Foundation

/// An RGB image being drawn: flat colour, text masks painted in a colour, other images pasted.
public struct Canvas {
    public private(set) var image: RGBImage

    /// A canvas that starts as `image`.
    public init(image: RGBImage) {
        self.image = image
    }

    public init(width: Int, height: Int, color: RGB) {
        image = RGBImage(width: width, height: height,
                         pixels: [UInt8]((0..<(width * height)).flatMap { _ in [color.r, color.g, color.b] }))
    }

    /// A colour.
    public struct RGB: Sendable {
        public var r: UInt8, g: UInt8, b: UInt8
        public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) { self.r = r; self.g = g; self.b = b }
        public static let white = RGB(255, 255, 255)
        public static let black = RGB(0, 0, 0)
    }

    /// Fills a rectangle (clipped to the canvas).
    public mutating func fill(x: Int, y: Int, width: Int, height: Int, color: RGB) {
        for row in max(0, y)..<min(image.height, y + height) {
            for column in max(0, x)..<min(image.width, x + width) {
                let index = 3 * (row * image.width + column)
                image.pixels[index] = color.r; image.pixels[index + 1] = color.g; image.pixels[index + 2] = color.b
            }
        }
    }

    /// Paints `mask` (coverage in its red channel) in `color` with its top left at (x, y).
    public mutating func paint(_ mask: RGBImage, x: Int, y: Int, color: RGB) {
        for row in 0..<mask.height where y + row >= 0 && y + row < image.height {
            for column in 0..<mask.width where x + column >= 0 && x + column < image.width {
                let alpha = Int(mask.pixels[3 * (row * mask.width + column)])
                guard alpha > 0 else { continue }
                let index = 3 * ((y + row) * image.width + x + column)
                for (channel, value) in [color.r, color.g, color.b].enumerated() {
                    let old = Int(image.pixels[index + channel])
                    image.pixels[index + channel] = UInt8((old * (255 - alpha) + Int(value) * alpha) / 255)
                }
            }
        }
    }

    /// Copies `other` with its top left at (x, y).
    public mutating func paste(_ other: RGBImage, x: Int, y: Int) {
        for row in 0..<other.height where y + row >= 0 && y + row < image.height {
            for column in 0..<other.width where x + column >= 0 && x + column < image.width {
                let from = 3 * (row * other.width + column), to = 3 * ((y + row) * image.width + x + column)
                image.pixels[to] = other.pixels[from]
                image.pixels[to + 1] = other.pixels[from + 1]
                image.pixels[to + 2] = other.pixels[from + 2]
            }
        }
    }
}

extension RGBImage {
    /// The image turned clockwise by `quarterTurns` × 90 degrees.
    public func rotated(quarterTurns: Int) -> RGBImage {
        let turns = ((quarterTurns % 4) + 4) % 4
        if turns == 0 { return self }
        let newWidth = turns == 2 ? width : height, newHeight = turns == 2 ? height : width
        var result = [UInt8](repeating: 0, count: pixels.count)
        for y in 0..<height {
            for x in 0..<width {
                let (nx, ny): (Int, Int)
                switch turns {
                case 1: (nx, ny) = (height - 1 - y, x)
                case 2: (nx, ny) = (width - 1 - x, height - 1 - y)
                default: (nx, ny) = (y, width - 1 - x)
                }
                for channel in 0..<3 { result[3 * (ny * newWidth + nx) + channel] = pixels[3 * (y * width + x) + channel] }
            }
        }
        return RGBImage(width: newWidth, height: newHeight, pixels: result)
    }

    /// The image shrunk (box filter) so its long side is at most `longSide`, as the decode stage does on load.
    public func shrunk(toLongSide longSide: Int) -> RGBImage {
        let factor = Double(longSide) / Double(max(width, height))
        guard factor < 1 else { return self }
        let newWidth = max(1, Int((Double(width) * factor).rounded()))
        let newHeight = max(1, Int((Double(height) * factor).rounded()))
        var result = [UInt8](repeating: 0, count: newWidth * newHeight * 3)
        for y in 0..<newHeight {
            let y0 = y * height / newHeight, y1 = max(y0 + 1, (y + 1) * height / newHeight)
            for x in 0..<newWidth {
                let x0 = x * width / newWidth, x1 = max(x0 + 1, (x + 1) * width / newWidth)
                var sums = [0, 0, 0]
                for row in y0..<y1 {
                    for column in x0..<x1 {
                        for channel in 0..<3 { sums[channel] += Int(pixels[3 * (row * width + column) + channel]) }
                    }
                }
                let count = (y1 - y0) * (x1 - x0)
                for channel in 0..<3 { result[3 * (y * newWidth + x) + channel] = UInt8(sums[channel] / count) }
            }
        }
        return RGBImage(width: newWidth, height: newHeight, pixels: result)
    }

    /// A photo file shrunk on load by libvips (`vips thumbnail`) so its long side is `longSide`.
    public static func photo(path: String, longSide: Int = 1600) throws -> RGBImage {
        let ppm = ExternalTool.scratchPath(".ppm")
        defer { try? FileManager.default.removeItem(atPath: ppm) }
        try ExternalTool.run("vips", ["thumbnail", path, ppm, String(longSide)])
        return try Netpbm.read(path: ppm)
    }
}
