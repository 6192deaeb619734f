#if canImport(Glibc)
import Glibc
#endif

/// Whether a process id names a running process (one we may not signal still counts as running).
func processIsAlive(_ pid: Int32) -> Bool {
    if pid <= 0 { return false }
    if kill(pid, 0) == 0 { return true }
    return errno == EPERM
}
