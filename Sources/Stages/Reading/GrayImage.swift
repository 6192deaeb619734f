import Captures

/// An 8-bit grayscale image, rows top to bottom with no padding: what the text reader prepares for Tesseract.
struct GrayImage: Sendable, Equatable {
    var width: Int
    var height: Int
    /// `width * height` bytes, 0 black ... 255 white.
    var pixels: [UInt8]

    init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height, "GrayImage size mismatch")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The luma (BT.601, integer weights) of an RGB image.
    init(_ image: RGBImage) {
        let count = image.width * image.height
        var result = [UInt8](repeating: 0, count: count)
        image.pixels.withUnsafeBufferPointer { rgb in
            result.withUnsafeMutableBufferPointer { gray in
                for index in 0..<count {
                    let r = UInt32(rgb[3 * index]), g = UInt32(rgb[3 * index + 1]), b = UInt32(rgb[3 * index + 2])
                    gray[index] = UInt8((77 * r + 150 * g + 29 * b + 128) >> 8)
                }
            }
        }
        self.init(width: image.width, height: image.height, pixels: result)
    }

    /// The image scaled by `factor`: box-averaged when shrinking, bilinear when enlarging.
    func scaled(by factor: Double) -> GrayImage {
        let newWidth = max(1, Int((Double(width) * factor).rounded()))
        let newHeight = max(1, Int((Double(height) * factor).rounded()))
        if newWidth == width && newHeight == height { return self }
        return factor < 1 ? shrunk(toWidth: newWidth, height: newHeight) : enlarged(toWidth: newWidth, height: newHeight)
    }

    private func shrunk(toWidth newWidth: Int, height newHeight: Int) -> GrayImage {
        var result = [UInt8](repeating: 0, count: newWidth * newHeight)
        let width = width, height = height
        let columns = (0..<newWidth).map { x in
            (x * width / newWidth, max(x * width / newWidth + 1, (x + 1) * width / newWidth))
        }
        pixels.withUnsafeBufferPointer { source in
            result.withUnsafeMutableBufferPointer { output in
                for y in 0..<newHeight {
                    let y0 = y * height / newHeight, y1 = max(y0 + 1, (y + 1) * height / newHeight)
                    for x in 0..<newWidth {
                        let (x0, x1) = columns[x]
                        var sum = 0
                        for row in y0..<y1 {
                            let base = row * width
                            for column in x0..<x1 { sum &+= Int(source[base + column]) }
                        }
                        output[y * newWidth + x] = UInt8(sum / ((y1 - y0) * (x1 - x0)))
                    }
                }
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: result)
    }

    private func enlarged(toWidth newWidth: Int, height newHeight: Int) -> GrayImage {
        var result = [UInt8](repeating: 0, count: newWidth * newHeight)
        let scaleX = Double(width) / Double(newWidth), scaleY = Double(height) / Double(newHeight)
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<newHeight {
                let sy = max(0, (Double(y) + 0.5) * scaleY - 0.5)
                let y0 = min(Int(sy), height - 1), y1 = min(y0 + 1, height - 1)
                let fy = sy - Double(y0)
                for x in 0..<newWidth {
                    let sx = max(0, (Double(x) + 0.5) * scaleX - 0.5)
                    let x0 = min(Int(sx), width - 1), x1 = min(x0 + 1, width - 1)
                    let fx = sx - Double(x0)
                    let top = Double(source[y0 * width + x0]) * (1 - fx) + Double(source[y0 * width + x1]) * fx
                    let bottom = Double(source[y1 * width + x0]) * (1 - fx) + Double(source[y1 * width + x1]) * fx
                    result[y * newWidth + x] = UInt8(min(255, max(0, (top * (1 - fy) + bottom * fy).rounded())))
                }
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: result)
    }

    /// The rectangle of `width` x `height` pixels at (x, y), which must lie inside the image.
    func cropped(x: Int, y: Int, width newWidth: Int, height newHeight: Int) -> GrayImage {
        var result: [UInt8] = []
        result.reserveCapacity(newWidth * newHeight)
        for row in y..<(y + newHeight) {
            result += pixels[(row * width + x)..<(row * width + x + newWidth)]
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: result)
    }

    /// The image turned clockwise by `quarterTurns` × 90 degrees.
    func rotated(quarterTurns: Int) -> GrayImage {
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
