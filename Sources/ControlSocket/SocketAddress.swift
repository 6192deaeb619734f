import Glibc

/// A Unix socket's path as `sockaddr_un`, and the errors of the control socket.
enum SocketAddress {
    /// Calls `body` with the address of `path`; throws when the path does not fit (107 bytes).
    static func with<T>(_ path: String,
                        _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) throws(ControlSocketError) -> T {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { throw ControlSocketError.pathTooLong(path: path, limit: capacity - 1) }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}

/// What went wrong with a control socket, naming its path.
public enum ControlSocketError: Error, Equatable, CustomStringConvertible {
    /// The socket's path is longer than a Unix socket address holds.
    case pathTooLong(path: String, limit: Int)
    /// A system call failed.
    case system(path: String, operation: String, errno: Int32)
    /// Another live process already serves this socket.
    case inUse(path: String)
    /// Nothing listens on the socket (no watcher runs).
    case notListening(path: String)
    /// The other side closed the connection without answering.
    case noAnswer(path: String)

    public var description: String {
        switch self {
        case .pathTooLong(let path, let limit): "control socket path \(path) is longer than \(limit) bytes"
        case .system(let path, let operation, let errno):
            "control socket \(path): \(operation) failed: \(String(cString: strerror(errno)))"
        case .inUse(let path): "control socket \(path) is served by another process"
        case .notListening(let path): "nothing listens on \(path)"
        case .noAnswer(let path): "control socket \(path) closed without answering"
        }
    }
}
