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
}
