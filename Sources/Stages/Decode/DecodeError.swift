/// Why the decode stage failed a capture. The description names the file and says what libvips said, which is
/// what a user sees as the capture's failure reason.
public enum DecodeError: Error, Equatable, CustomStringConvertible {
    /// libvips could not open the file or read its header (not an image, unknown format, unreadable).
    case unreadable(path: String, reason: String)
    /// The header was read but the pixels could not be decoded (truncated or corrupt data).
    case corrupt(path: String, reason: String)
    /// The header claims more than the decode limits allow; nothing was decoded.
    case overLimit(path: String, claim: ClaimedSize, violation: LimitViolation)
    /// libvips itself could not start.
    case libraryUnavailable(reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot open \(path) as an image: \(reason)"
        case .corrupt(let path, let reason): "cannot decode \(path) (truncated or corrupt): \(reason)"
        case .overLimit(let path, let claim, let violation):
            "refused \(path) before decoding: it claims \(claim)\(claim.pages > 1 ? " a page" : ""), \(violation)"
        case .libraryUnavailable(let reason): reason
        }
    }
}
