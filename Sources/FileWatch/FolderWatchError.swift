import Glibc

/// Why a folder cannot be watched: the call that failed, on which path, and the system's reason.
public struct FolderWatchError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var operation: String
    public var errno: Int32

    public init(path: String, operation: String, errno: Int32) {
        self.path = path
        self.operation = operation
        self.errno = errno
    }

    public var description: String {
        var text = "cannot watch \(path.isEmpty ? "folders" : path): \(operation) failed: "
        text += String(cString: strerror(errno))
        if errno == ENOSPC { text += " (raise fs.inotify.max_user_watches)" }
        if errno == EMFILE { text += " (raise fs.inotify.max_user_instances)" }
        return text
    }
}
