import Foundation
import Glibc
import Synchronization

/// Serves one-line requests on a Unix socket, from a thread of its own: each connection sends one line and gets
/// one line back from `handle`. The socket file is made mode 0600 and every connection's peer is checked with
/// `SO_PEERCRED`: a process of another user is answered `error: not the same user` and nothing else.
///
/// A socket file left by a process that is gone (nothing accepts on it) is replaced; one that a live process
/// serves is not (`ControlSocketError.inUse`). The file is removed by `close`.
public final class ControlServer: Sendable {
    public typealias Handler = @Sendable (String) -> String

    public let path: String
    private let descriptor: Int32
    private let closed = Atomic(false)

    public init(path: String, handle: @escaping Handler) throws(ControlSocketError) {
        self.path = path
        if (try? ControlClient.send("ping", to: path)) != nil { throw .inUse(path: path) }
        unlink(path)
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .system(path: path, operation: "socket", errno: errno) }
        // The file is created with the umask's mode: make it 0600 from the start, then say so explicitly.
        let mask = umask(0o077)
        let bound = try SocketAddress.with(path) { bind(descriptor, $0, $1) }
        umask(mask)
        guard bound == 0, chmod(path, 0o600) == 0, listen(descriptor, 16) == 0 else {
            let error = ControlSocketError.system(path: path, operation: "bind", errno: errno)
            Glibc.close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        let thread = Thread { [self] in acceptLoop(handle: handle) }
        thread.name = "pool-pipeline.control"
        thread.start()
    }

    /// Stops serving and removes the socket file.
    public func close() {
        guard !closed.exchange(true, ordering: .sequentiallyConsistent) else { return }
        unlink(path)
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    deinit { close() }

    /// Serves connections one at a time until closed (the thread keeps the server alive until then).
    private func acceptLoop(handle: Handler) {
        while !closed.load(ordering: .sequentiallyConsistent) {
            let connection = accept(descriptor, nil, nil)
            if connection < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                break
            }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            Self.serve(connection, handle: handle)
            Glibc.close(connection)
        }
        Glibc.close(descriptor)
    }

    private static func serve(_ connection: Int32, handle: Handler) {
        // A client that never writes must not hold the server: one second to send its line.
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard peerUID(connection) == getuid() else {
            LineIO.write("error: not the same user\n", to: connection)
            return
        }
        guard let line = LineIO.readLine(from: connection) else { return }
        LineIO.write(handle(line) + "\n", to: connection)
    }

    /// The user id of the process at the other end (`SO_PEERCRED`: pid, uid, gid), nil when it cannot be read.
    static func peerUID(_ connection: Int32) -> uid_t? {
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var size = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(connection, SOL_SOCKET, SO_PEERCRED, &credentials, &size) == 0 else { return nil }
        return credentials.uid
    }
}

/// Reading and writing one line on a socket.
enum LineIO {
    static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Reads up to the first newline (at most 64 KiB); nil when the other side sent nothing.
    static func readLine(from descriptor: Int32) -> String? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count < 1 << 16 {
            let count = recv(descriptor, &byte, 1, 0)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { break }
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
        return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
    }
}
