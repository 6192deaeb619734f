/// An entry a source found but did not hand to the stages because it cannot be a capture (a FIFO or a device
/// named like an image, a dangling link, a link loop), with why. A skipped entry is not recorded in the ledger: it
/// is listed again, and skipped again, by every run until it is fixed.
public struct SkippedEntry: Sendable, Equatable, Codable {
    /// The id of the source that found it.
    public var source: String
    /// Its path as the source shows paths.
    public var path: String
    /// Why it was skipped, in words ("a FIFO (named pipe), not a regular file").
    public var reason: String

    public init(source: String, path: String, reason: String) {
        self.source = source
        self.path = path
        self.reason = reason
    }
}
