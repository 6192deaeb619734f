import Captures

/// When two fingerprints count as the same picture: a Hamming distance at most `threshold`, chosen from the
/// distances measured between variants of one picture and between different pictures (docs/fingerprint.md).
public enum FingerprintMatch {
    /// The largest distance at which two captures are taken to show the same picture.
    public static let threshold = 10

    /// Whether two fingerprints show the same picture under `threshold`.
    public static func matches(_ a: VisualFingerprint, _ b: VisualFingerprint, threshold: Int = threshold) -> Bool {
        a.distance(to: b) <= threshold
    }
}
