/// What one `CodeReader.read` did: whether, and where, it read the image inverted, and in which passes it looked for
/// PDF417.
public struct CodeReadingTrace: Sendable, Equatable {
    /// The inverted pass (light codes on dark ground).
    public enum InvertedPass: Sendable, Equatable {
        /// Not run: the plain pass found a code, `tryInvert` is off, or the image has no dark ground
        /// (`DarkGround`).
        case skipped
        /// Run on the whole image.
        case whole
    }

    public var invertedPass: InvertedPass = .skipped
    /// Whether the plain pass looked for PDF417 (off when the image shows no dark start or stop pattern:
    /// `CodeReadingOptions.pdf417Evidence`).
    public var plainPdf417: Bool = false
    /// Whether the inverted pass ran and looked for PDF417 (off when it did not run, or when the image shows no light
    /// start or stop pattern).
    public var invertedPdf417: Bool = false

    public init() {}
}
