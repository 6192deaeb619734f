import Captures
import Runner

/// The `clip.embed` stage: a capture's image vector from CLIP's image tower.
///
/// With no model installed the stage does not fail captures: it outputs `ImageVector.pending` (empty model
/// name and values), and `CLIPModelStatus` tells the CLI's status why vectors are pending.
public struct CLIPEmbedStage: Stage {
    public typealias Input = DecodedCapture
    public typealias Output = ImageVector

    /// The loaded model, or nil when none is installed.
    public let embedder: CLIPImageEmbedder?
    public let status: CLIPModelStatus

    /// Loads the model in `folder` if it is installed; a folder that is there but broken throws.
    public init(folder: CLIPModelFolder) throws {
        status = folder.status
        embedder = status.isInstalled ? try CLIPImageEmbedder(folder: folder) : nil
    }

    public func process(_ input: DecodedCapture, context: StageContext) async throws -> ImageVector {
        guard let embedder else { return .pending }
        let values = try embedder.embed([input.image])[0]
        return ImageVector(model: embedder.folder.modelName, values: values)
    }
}

extension ImageVector {
    /// The vector of a capture whose model was not installed: empty model and values. Persist it as "pending"
    /// (no vector yet), not as a vector.
    public static var pending: ImageVector { ImageVector(model: "", values: []) }

    /// Whether this is `pending`: no model made it.
    public var isPending: Bool { model.isEmpty && values.isEmpty }
}
