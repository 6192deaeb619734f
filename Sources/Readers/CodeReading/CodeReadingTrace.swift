/// What one `CodeReader.read` did beyond the plain pass: whether, and where, it read the image inverted.
public struct CodeReadingTrace: Sendable, Equatable {
    /// The inverted pass (light codes on dark ground).
    public enum InvertedPass: Sendable, Equatable {
        /// Not run: the plain pass found a code, `tryInvert` is off, or nothing looks like a light code on dark
        /// ground.
        case skipped
        /// Run on this many windows of the image (`LightCodeWindows`).
        case windows(Int)
        /// Run on the whole image.
        case whole
    }

    public var invertedPass: InvertedPass = .skipped

    public init() {}
}
