import Captures
import Imaging

/// An 8-bit grayscale image, rows top to bottom with no padding: what the text reader prepares for Tesseract.
package struct GrayImage: Sendable, Equatable {
    package var width: Int
    package var height: Int
    /// `width * height` bytes, 0 black ... 255 white.
    package var pixels: [UInt8]

    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height, "GrayImage size mismatch")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The luma (BT.601, integer weights: `Luma.byte`) of an RGB image.
    package init(_ image: RGBImage) {
        self.init(width: image.width, height: image.height, pixels: Luma.bytes(of: image))
    }

    /// The image scaled by `factor`: box-averaged when shrinking, bilinear when enlarging (`GrayResampler`).
    package func scaled(by factor: Double) -> GrayImage {
        let newWidth = max(1, Int((Double(width) * factor).rounded()))
        let newHeight = max(1, Int((Double(height) * factor).rounded()))
        if newWidth == width && newHeight == height { return self }
        var result = [UInt8](repeating: 0, count: newWidth * newHeight)
        pixels.withUnsafeBufferPointer { source in
            result.withUnsafeMutableBufferPointer { target in
                GrayResampler.resample(source, stride: width, left: 0, top: 0, width: width, height: height,
                                       into: target, targetWidth: newWidth, targetHeight: newHeight)
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: result)
    }

    /// The rectangle of `width` x `height` pixels at (x, y), which must lie inside the image.
    package func cropped(x: Int, y: Int, width newWidth: Int, height newHeight: Int) -> GrayImage {
        var result: [UInt8] = []
        result.reserveCapacity(newWidth * newHeight)
        for row in y..<(y + newHeight) {
            result += pixels[(row * width + x)..<(row * width + x + newWidth)]
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: result)
    }

    /// The image turned clockwise by `quarterTurns` × 90 degrees.
    package func rotated(quarterTurns: Int) -> GrayImage {
        let turns = ((quarterTurns % 4) + 4) % 4
        if turns == 0 { return self }
        let newWidth = turns == 2 ? width : height, newHeight = turns == 2 ? height : width
        var result = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                for x in 0..<width {
                    let (nx, ny): (Int, Int)
                    switch turns {
                    case 1: (nx, ny) = (height - 1 - y, x)
                    case 2: (nx, ny) = (width - 1 - x, height - 1 - y)
                    default: (nx, ny) = (y, width - 1 - x)
                    }
                    result[ny * newWidth + nx] = source[y * width + x]
                }
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: result)
    }
}
