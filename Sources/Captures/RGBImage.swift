/// An 8-bit sRGB image in memory, three bytes a pixel, rows top to bottom with no padding: the working image
/// that decode hands to the stages that look at pixels.
public struct RGBImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// `width * height * 3` bytes, R G B.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 3, "RGBImage size mismatch")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Luma (BT.601) of every pixel, row by row, as 0...255.
    public func luma() -> [Float] {
        var result = [Float](repeating: 0, count: width * height)
        pixels.withUnsafeBufferPointer { rgb in
            for index in 0..<(width * height) {
                let r = Float(rgb[3 * index]), g = Float(rgb[3 * index + 1]), b = Float(rgb[3 * index + 2])
                result[index] = 0.299 * r + 0.587 * g + 0.114 * b
            }
        }
        return result
    }
}
