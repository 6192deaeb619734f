import Glibc

/// Sends one line to a `ControlServer` and reads its one-line answer.
public enum ControlClient {
    /// The answer to `request`; throws `.notListening` when no process serves `path`.
    public static func send(_ request: String, to path: String) throws(ControlSocketError) -> String {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .system(path: path, operation: "socket", errno: errno) }
        defer { close(descriptor) }
        let connected = try SocketAddress.with(path) { connect(descriptor, $0, $1) }
        guard connected == 0 else {
            if errno == ENOENT || errno == ECONNREFUSED { throw .notListening(path: path) }
            throw .system(path: path, operation: "connect", errno: errno)
        }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        LineIO.write(request + "\n", to: descriptor)
        guard let answer = LineIO.readLine(from: descriptor) else { throw .noAnswer(path: path) }
        return answer
    }
}
