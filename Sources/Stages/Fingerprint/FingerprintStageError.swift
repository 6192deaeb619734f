import Runner

/// Why a fingerprint-family stage could not process a capture.
public enum FingerprintStageError: Error, Equatable, CustomStringConvertible {
    /// The decoded working image has no pixels, so there is nothing to hash or measure.
    case emptyImage(stage: String, capture: CaptureID, path: String)

    public var description: String {
        switch self {
        case .emptyImage(let stage, let capture, let path):
            "stage \"\(stage)\": capture \(capture) (\(path)) has an empty working image"
        }
    }
}
