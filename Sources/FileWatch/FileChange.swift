/// One thing that happened to a file under a watched folder, as `FolderWatch` reports it.
public struct FileChange: Sendable, Equatable {
    /// What happened.
    public enum Kind: Sendable, Equatable {
        /// The file was created or written to and may still be open for writing (`IN_CREATE`, `IN_MODIFY`).
        case writing
        /// The file is complete: closed after writing (`IN_CLOSE_WRITE`), moved in, or found in a new folder.
        case complete
        /// The file was deleted or moved away.
        case removed
        /// The kernel's event queue overflowed: events were lost, and only a full pass can tell what changed.
        case overflow
    }

    /// The file's absolute path (empty for `.overflow`).
    public var path: String
    public var kind: Kind

    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    public static let overflow = FileChange(path: "", kind: .overflow)
}
