import Captures
import Runner

/// The `clip.embed` stage: a capture's image vector from CLIP's image tower.
///
/// Each worker preprocesses its own capture; the encoder runs the images of concurrent workers in batches
/// (`CLIPBatchQueue`), so the stage's concurrency sets how full batches get.
///
/// With no model installed the stage does not fail captures: it outputs `ImageVector.pending` (empty model
/// name and values), and `CLIPModelStatus` tells the CLI's status why vectors are pending.
public struct CLIPEmbedStage: Stage {
    public typealias Input = DecodedCapture
    public typealias Output = ImageVector

    /// The loaded model, or nil when none is installed.
    public let embedder: CLIPImageEmbedder?
    public let status: CLIPModelStatus
    private let queue: CLIPBatchQueue?

    /// Loads the model in `folder` if it is installed; a folder that is there but broken throws.
    public init(folder: CLIPModelFolder, maxBatch: Int = 8, lanes: Int = 1) throws {
        status = folder.status
        embedder = status.isInstalled ? try CLIPImageEmbedder(folder: folder) : nil
        queue = embedder.map { CLIPBatchQueue(encoder: $0.encoder, maxBatch: maxBatch, lanes: lanes) }
    }

    public func process(_ input: DecodedCapture, context: StageContext) async throws -> ImageVector {
        guard let embedder, let queue else { return .pending }
        let pixels = try embedder.preprocessor.pixels(input.image)
        return ImageVector(model: embedder.folder.modelName, values: await queue.embed(pixels))
    }
}
