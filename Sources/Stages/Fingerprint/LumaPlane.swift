import Captures
import Imaging

/// A grey image of luma values (BT.601, 0...255) as `Float`, rows top to bottom: what the fingerprint and focus
/// measures work on after shrinking the working image.
public struct LumaPlane: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// `width * height` values, row by row.
    public var values: [Float]

    public init(width: Int, height: Int, values: [Float]) {
        precondition(width >= 0 && height >= 0 && values.count == width * height, "LumaPlane size mismatch")
        self.width = width
        self.height = height
        self.values = values
    }

    /// The luma of `image`, shrunk (or stretched) to `width` x `height` by area averaging: each output pixel is the
    /// mean luma of the part of the image it covers, with partly covered pixels weighted by the part covered.
    public init(areaAveraging image: RGBImage, width: Int, height: Int) {
        precondition(width > 0 && height > 0, "LumaPlane target size must be positive")
        precondition(image.width > 0 && image.height > 0, "cannot resize an empty image")
        self.init(width: width, height: height,
                  values: AreaResampler(sourceWidth: image.width, sourceHeight: image.height,
                                        targetWidth: width, targetHeight: height).resample(image))
    }

    /// The size whose long side is `longSide` (never larger than the image's own) keeping the aspect ratio.
    public static func size(fitting image: RGBImage, longSide: Int) -> (width: Int, height: Int) {
        let long = max(image.width, image.height)
        guard long > longSide else { return (image.width, image.height) }
        let scale = Double(longSide) / Double(long)
        return (max(1, Int((Double(image.width) * scale).rounded())),
                max(1, Int((Double(image.height) * scale).rounded())))
    }
}
