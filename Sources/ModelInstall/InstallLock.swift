#if canImport(Glibc)
import Glibc
#endif

/// An exclusive `flock` on `<root>/.install.lock`: one installer per models folder. The system drops it when the
/// process dies, so a killed install never blocks the next one.
final class InstallLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Takes the lock, or returns nil when another installer holds it.
    static func acquire(root: String) throws(ModelInstallError) -> InstallLock? {
        let descriptor = open(root + "/.install.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .io(path: root + "/.install.lock", reason: String(cString: strerror(errno))) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        return InstallLock(descriptor: descriptor)
    }

    /// Whether an installer holds the lock now.
    static func isHeld(root: String) -> Bool {
        let descriptor = open(root + "/.install.lock", O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
            flock(descriptor, LOCK_UN)
            return false
        }
        return true
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
