import Captures
import Imaging
import ModelEngine

/// Turns a capture's RGB image into what CLIP's image tower reads, as CLIP's reference preprocessing does:
/// shortest side resized (bicubic) to `resizeTo`, centre crop to `cropSize`, then (value/255 − mean)/std
/// per channel, laid out [3, crop, crop].
public struct CLIPPreprocessor: Sendable, Equatable {
    public var resizeTo: Int
    public var cropSize: Int
    public var mean: [Float]
    public var std: [Float]

    /// OpenAI CLIP's channel means and standard deviations.
    public static let openAIMean: [Float] = [0.48145466, 0.4578275, 0.40821073]
    public static let openAIStd: [Float] = [0.26862954, 0.26130258, 0.27577711]

    public init(imageSize: Int, mean: [Float] = openAIMean, std: [Float] = openAIStd) {
        self.resizeTo = imageSize
        self.cropSize = imageSize
        self.mean = mean
        self.std = std
    }

    /// The size the image is resized to before cropping: shortest side `resizeTo`, the other side scaled and
    /// truncated to a whole pixel, as the reference computes it.
    public func resizedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        if width <= height {
            return (resizeTo, Int(Double(resizeTo) * Double(height) / Double(width)))
        }
        return (Int(Double(resizeTo) * Double(width) / Double(height)), resizeTo)
    }

    /// The resized and centre-cropped 8-bit image (before normalisation).
    public func croppedImage(_ image: RGBImage) throws(CLIPError) -> RGBImage {
        guard image.width > 0, image.height > 0 else {
            throw .badImage(reason: "the image is empty (\(image.width)×\(image.height))")
        }
        let size = resizedSize(width: image.width, height: image.height)
        let top = (size.height - cropSize) / 2
        let left = (size.width - cropSize) / 2
        guard top >= 0, left >= 0 else {
            throw .badImage(reason: "resized to \(size.width)×\(size.height), smaller than the crop \(cropSize)")
        }
        // Only the crop is computed: the same pixels as resizing everything, then cropping.
        return BicubicResampler.resize(image, width: size.width, height: size.height,
                                       keepingColumns: left..<(left + cropSize), rows: top..<(top + cropSize))
    }

    /// The model input for `image`: [3, cropSize, cropSize], normalised.
    public func pixels(_ image: RGBImage) throws(CLIPError) -> Tensor {
        let cropped = try croppedImage(image)
        let plane = cropSize * cropSize
        var values = [Float](repeating: 0, count: 3 * plane)
        for index in 0..<plane {
            for channel in 0..<3 {
                let scaled = Float(cropped.pixels[3 * index + channel]) / 255
                values[channel * plane + index] = (scaled - mean[channel]) / std[channel]
            }
        }
        return Tensor(shape: [3, cropSize, cropSize], storage: values)
    }
}
