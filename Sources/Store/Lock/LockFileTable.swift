import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Which file a lock is on: its device and inode (the path can be replaced while a lock is held).
struct LockFileKey: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// The lock files this process holds a lock on, each through the one descriptor that took it. The only place
/// that opens or closes a lock file.
///
/// POSIX record locks (`fcntl(F_SETLK)`) belong to the process, and closing *any* descriptor of a file drops every
/// lock the process holds on it. So a descriptor is closed only when this process holds no lock on its file, and
/// every open, query and close happens under one mutex. Two locks of this process never conflict in the kernel;
/// the table is what refuses a second one (`heldBy` this process).
final class LockFileTable: Sendable {
    static let shared = LockFileTable()

    /// What `lock(path:)` found.
    enum Outcome: Equatable {
        case acquired(LockFileKey)
        /// The process that holds the lock (-1 when the kernel does not say: an open-file-description lock).
        case heldBy(pid: Int32)
    }

    private struct State {
        /// Descriptors of lock files whose lock this process holds.
        var held: [LockFileKey: Int32] = [:]
        /// Descriptors that must never be closed (a second one of a held file, opened in a race with a rename).
        var kept: [Int32] = []
    }

    private let state = Mutex(State())

    /// Takes the write lock on the file at `path` (created when missing) without waiting.
    func lock(path: String) throws -> Outcome {
        try state.withLock { state in
            // A holder may release and another take it, or the file be replaced, between steps: try again then.
            for _ in 0..<16 {
                if let key = Self.key(of: path), state.held[key] != nil { return .heldBy(pid: getpid()) }
                let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
                guard descriptor >= 0 else { throw Self.error(path, "cannot open") }
                var info = stat()
                guard fstat(descriptor, &info) == 0 else { throw Self.error(path, "cannot read", closing: descriptor) }
                let key = LockFileKey(info)
                if state.held[key] != nil {
                    state.kept.append(descriptor)     // closing it would drop our own lock
                    return .heldBy(pid: getpid())
                }
                var request = Self.request(F_WRLCK)
                guard fcntl(descriptor, F_SETLK, &request) == 0 else {
                    let code = errno
                    guard code == EAGAIN || code == EACCES else {
                        throw Self.error(path, "cannot lock", code: code, closing: descriptor)
                    }
                    let holder = Self.holder(descriptor)
                    close(descriptor)
                    if let holder { return .heldBy(pid: holder) }
                    continue
                }
                // Still the file at `path`? (Deleting an index deletes its lock file while holding it.)
                if Self.key(of: path) == key {
                    state.held[key] = descriptor
                    return .acquired(key)
                }
                close(descriptor)
            }
            throw StoreError.cannotLock(path: path, reason: "the lock file keeps changing")
        }
    }

    /// Releases the lock on `key`, deleting the file at `path` first (while still holding it) when given.
    func unlock(_ key: LockFileKey, deleting path: String? = nil) {
        state.withLock { state in
            guard let descriptor = state.held.removeValue(forKey: key) else { return }
            if let path, Self.key(of: path) == key { unlink(path) }
            close(descriptor)       // drops the lock
        }
    }

    /// The process holding the lock on the file at `path`, or nil when none does (or there is no such file).
    /// Never creates the file.
    func holder(path: String) -> Int32? {
        state.withLock { state in
            guard let key = Self.key(of: path) else { return nil }
            if state.held[key] != nil { return getpid() }
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            var info = stat()
            if fstat(descriptor, &info) == 0, state.held[LockFileKey(info)] != nil {
                state.kept.append(descriptor)
                return getpid()
            }
            defer { close(descriptor) }
            return Self.holder(descriptor)
        }
    }

    private static func key(of path: String) -> LockFileKey? {
        var info = stat()
        return stat(path, &info) == 0 ? LockFileKey(info) : nil
    }

    /// A lock request for the whole file.
    private static func request(_ type: Int32) -> flock {
        var request = flock()
        request.l_type = Int16(type)
        request.l_whence = Int16(SEEK_SET)
        request.l_start = 0
        request.l_len = 0
        return request
    }

    /// The pid of a process whose lock conflicts with a write lock through `descriptor`, or nil when none does.
    private static func holder(_ descriptor: Int32) -> Int32? {
        var request = request(F_WRLCK)
        guard fcntl(descriptor, F_GETLK, &request) == 0, request.l_type != Int16(F_UNLCK) else { return nil }
        return request.l_pid
    }

    private static func error(_ path: String, _ what: String, code: Int32 = errno, closing descriptor: Int32? = nil)
        -> StoreError {
        if let descriptor { close(descriptor) }
        return StoreError.cannotLock(path: path, reason: "\(what) it: \(String(cString: strerror(code)))")
    }
}
