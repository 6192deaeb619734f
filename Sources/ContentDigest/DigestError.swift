/// Why a file could not be hashed.
public enum DigestError: Error, Equatable, CustomStringConvertible {
    /// The file could not be opened or read; `reason` is the system's.
    case unreadable(file: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let file, let reason): "\(file): cannot read it to compute its SHA-256: \(reason)"
        }
    }
}
