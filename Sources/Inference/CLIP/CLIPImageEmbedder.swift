import Captures
import ModelEngine

/// Loads a CLIP model folder's image half and embeds images: preprocessing plus the vision encoder.
public struct CLIPImageEmbedder: Sendable {
    public let folder: CLIPModelFolder
    public let encoder: CLIPVisionEncoder
    public let preprocessor: CLIPPreprocessor

    /// Loads the config, the preprocessing and the vision tensors; errors name the file and the field or tensor.
    public init(folder: CLIPModelFolder) throws {
        self.folder = folder
        let config = try folder.loadConfig()
        preprocessor = try folder.loadPreprocessor(config: config)
        encoder = try CLIPVisionEncoder(config: config, weights: try folder.openWeights())
    }

    /// One L2-normalised vector per image, in order.
    public func embed(_ images: [RGBImage]) throws(CLIPError) -> [[Float]] {
        var pixels: [Tensor] = []
        for image in images { pixels.append(try preprocessor.pixels(image)) }
        let embedded = encoder.embed(pixels)
        return (0..<images.count).map { embedded.row($0) }
    }
}
