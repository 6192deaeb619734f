/// Why an imaging operation failed: what was asked and what libvips said.
public enum ImagingError: Error, Equatable, CustomStringConvertible {
    /// A size of zero on either side, with the operation asked for.
    case emptyImage(String)
    /// libvips refused or failed, with its message.
    case libvips(String)

    public var description: String {
        switch self {
        case .emptyImage(let what): "imaging: an empty image or size (\(what))"
        case .libvips(let message): "imaging: libvips: \(message)"
        }
    }
}
