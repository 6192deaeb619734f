import Captures

/// The hook for zero-shot labels from an image+text model (CLIP): given a capture's image vector and the
/// taxonomy's vocabulary, the words that describe it, with confidence.
///
/// The labels stage asks the labeler it finds in the pipeline's environment (see `ZeroShotLabeling`) whenever an
/// `ImageVector` reaches it; without one, or without a vector, it labels from the classifier alone.
public protocol ZeroShotLabeler: Sendable {
    /// Labels for `vector` chosen among `vocabulary`; an empty result when the vector's model is not this
    /// labeler's.
    func labels(for vector: ImageVector, vocabulary: [String]) throws -> [CaptureLabel]
}

/// The environment service that carries a zero-shot labeler to the labels stage:
/// `environment.provide(ZeroShotLabeling(myCLIPLabeler))`.
public struct ZeroShotLabeling: Sendable {
    public let labeler: any ZeroShotLabeler

    public init(_ labeler: any ZeroShotLabeler) {
        self.labeler = labeler
    }
}
