import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One run's hold on an index: a POSIX record lock (`fcntl`) on the file beside it, `<index>.lock`. The kernel
/// drops the lock when the process ends, however it ends, so a crashed run never leaves the index held, and the
/// holder named (`F_GETLK`) is the process holding it now, never a saved pid that another process may have reused.
///
/// Released by `release()` or when the lock is deinitialized. An in-memory index (`:memory:`) is private to its
/// process: its lock is always granted and holds no file.
public final class IndexLock: Sendable {
    /// The index this lock holds.
    public let indexPath: String
    private let key: Mutex<LockFileKey?>

    /// What `acquire(index:)` found.
    public enum Attempt: Sendable {
        /// The index is this process's until the lock is released.
        case acquired(IndexLock)
        /// Another run holds the index.
        case heldBy(LockHolder)
    }

    private init(indexPath: String, key: LockFileKey?) {
        self.indexPath = indexPath
        self.key = Mutex(key)
    }

    deinit { release() }

    /// The lock file of the index at `indexPath`.
    public static func lockPath(for indexPath: String) -> String { indexPath + ".lock" }

    /// Takes the index at `indexPath` for this process without waiting, creating its lock file when missing;
    /// returns who holds it when another run does (this process included, through another `IndexLock`).
    public static func acquire(index indexPath: String) throws -> Attempt {
        guard indexPath != ":memory:" else { return .acquired(IndexLock(indexPath: indexPath, key: nil)) }
        switch try LockFileTable.shared.lock(path: lockPath(for: indexPath)) {
        case .acquired(let key): return .acquired(IndexLock(indexPath: indexPath, key: key))
        case .heldBy(let pid): return .heldBy(LockHolder(pid: pid))
        }
    }

    /// Who holds the index at `indexPath` right now, or nil when no run does. Reads only; creates nothing.
    public static func holder(of indexPath: String) -> LockHolder? {
        guard indexPath != ":memory:" else { return nil }
        return LockFileTable.shared.holder(path: lockPath(for: indexPath)).map(LockHolder.init(pid:))
    }

    /// Whether this lock still holds the index.
    public var isHeld: Bool { indexPath == ":memory:" || key.withLock { $0 != nil } }

    /// Lets the index go. Releasing twice does nothing.
    public func release() {
        guard let key = key.withLock({ key in defer { key = nil }; return key }) else { return }
        LockFileTable.shared.unlock(key)
    }

    /// Deletes the lock file, then lets the index go (what deleting an index does last).
    func releaseDeletingLockFile() {
        guard let key = key.withLock({ key in defer { key = nil }; return key }) else { return }
        LockFileTable.shared.unlock(key, deleting: Self.lockPath(for: indexPath))
    }
}

/// The process holding an index's lock.
public struct LockHolder: Sendable, Equatable, CustomStringConvertible {
    /// Its process id; -1 when the kernel does not say (a lock taken as an open-file-description lock).
    public let pid: Int32

    public init(pid: Int32) { self.pid = pid }

    /// Whether it is this process.
    public var isThisProcess: Bool { pid == getpid() }

    /// "process 4242", or "another process" when the pid is unknown.
    public var description: String { pid > 0 ? "process \(pid)" : "another process" }
}
