/// Files that something watching the sources knows are still being written (a watcher that saw them created or
/// modified and not yet closed). A source passes over them in the run under way: neither read nor forgotten, so a
/// file is never read half-way; the watcher runs another pass once they are complete. Provided to factories
/// through `StageEnvironment`.
public struct FilesInProgress: Sendable {
    private let check: @Sendable (String) -> Bool

    /// `isBeingWritten` is asked with a file's absolute path.
    public init(_ isBeingWritten: @escaping @Sendable (String) -> Bool) { check = isBeingWritten }

    public func contains(_ path: String) -> Bool { check(path) }
}
