#if canImport(Glibc)
import Glibc
#endif

/// A write lock on a file as another process would hold it, for tests that need "another run holds the index"
/// inside one test process: an open-file-description lock (`F_OFD_SETLK`), which conflicts with this process's own
/// POSIX record locks as another process's lock would (its holder's pid reads as -1).
///
/// The file stays open until the lock is deinitialized, locked or not: closing a descriptor of a file drops every
/// POSIX record lock this process holds on it, so keep a `ForeignLock` alive until this process's own lock on the
/// file is released.
public final class ForeignLock {
    private let descriptor: Int32

    /// Opens the file at `path`, creating it when missing, without locking it.
    public init(path: String) {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        precondition(descriptor >= 0, "cannot open \(path): errno \(errno)")
    }

    /// Takes the lock if no one else holds it; false when another (this process's own POSIX lock included) does.
    public func tryLock() -> Bool { Self.set(F_WRLCK, on: descriptor) }

    /// Unlocks the file. Releasing twice does nothing.
    public func release() {
        _ = Self.set(F_UNLCK, on: descriptor)
    }

    deinit { close(descriptor) }

    private static func set(_ type: Int32, on descriptor: Int32) -> Bool {
        var request = flock()
        request.l_type = Int16(type)
        request.l_whence = Int16(SEEK_SET)
        let openFileDescriptionSetLock: Int32 = 37      // F_OFD_SETLK
        return fcntl(descriptor, openFileDescriptionSetLock, &request) == 0
    }
}

@available(*, unavailable)
extension ForeignLock: Sendable {}
