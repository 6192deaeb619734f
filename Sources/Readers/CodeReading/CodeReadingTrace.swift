/// What one `CodeReader.read` did beyond the plain pass: whether, and where, it read the image inverted.
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

    public init() {}
}
