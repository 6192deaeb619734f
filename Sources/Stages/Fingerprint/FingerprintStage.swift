import Captures
import Runner

/// The `fingerprint.phash` stage: the 64-bit DCT perceptual hash of each capture's working image.
public struct FingerprintStage: Stage {
    public typealias Input = DecodedCapture
    public typealias Output = VisualFingerprint

    public static let kind = "fingerprint.phash"
    private let hasher = PerceptualHasher()

    public init() {}

    public func process(_ input: DecodedCapture, context: StageContext) async throws -> VisualFingerprint {
        guard input.image.width > 0, input.image.height > 0 else {
            throw FingerprintStageError.emptyImage(stage: context.stageID, capture: context.capture,
                                                   path: input.file.path)
        }
        return hasher.fingerprint(of: input.image)
    }
}
