import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 (a port the system picks) for transfer tests: serves byte arrays by path
/// with `Range` support, answers `POST /echo` with the JSON it was sent, checks an app key header when told to,
/// answers other `POST`s with the answers queued for their path (then with the path's file: a fake chat endpoint
/// records every request body), and can misbehave on purpose: cut the connection after some bytes of a body, or send some bytes and then hold
/// the connection open (so a test can kill the client mid-download). One thread per connection, `Connection:
/// close` on every answer.
public final class LocalHTTPServer: Sendable {
    /// A request as the server read it.
    public struct Request: Sendable, Equatable {
        public var method: String
        public var path: String
        /// The `Range` header, if any.
        public var range: String?
        /// The app key header, if any.
        public var appKey: String?
        public var body: [UInt8]
    }

    private struct State {
        var files: [String: [UInt8]] = [:]
        var answers: [String: [[UInt8]]] = [:]
        var requests: [Request] = []
        var cutAfter: (path: String?, bytes: Int)?
        var holdAfter: (path: String?, bytes: Int)?
        var holding = 0
        var stopped = false
    }

    /// The header the app key is read from (the models service's).
    public static let appKeyHeader = "X-Pool-App-Key"

    public let port: Int
    private let listener: Int32
    private let requiredKey: String?
    private let state = Mutex(State())
    private let released = DispatchSemaphore(value: 0)
    private let holdStarted = DispatchSemaphore(value: 0)

    /// Starts serving `files` (path → bytes). With `requiredKey`, a request without that app key gets 401.
    public init(files: [String: [UInt8]] = [:], requiredKey: String? = nil) throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socket, 16) == 0 else {
            close(socket)
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        listener = socket
        self.requiredKey = requiredKey
        state.withLock { $0.files = files }
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// `http://127.0.0.1:<port><path>`.
    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Serves (or replaces) `path`.
    public func setFile(_ path: String, _ bytes: [UInt8]) { state.withLock { $0.files[path] = bytes } }

    /// The next `POST`s to `path` are answered with `bodies`, one each, in order; after them, with the path's file.
    public func queueAnswers(_ path: String, _ bodies: [[UInt8]]) {
        state.withLock { $0.answers[path, default: []] += bodies }
    }

    /// The next body sent is cut after `bytes` bytes (the connection closes with the body short).
    public func cutNextBody(after bytes: Int) { state.withLock { $0.cutAfter = (nil, bytes) } }

    /// Like `cutNextBody(after:)`, for the next body of `path` only.
    public func cutNextBodyOf(_ path: String, after bytes: Int) { state.withLock { $0.cutAfter = (path, bytes) } }

    /// The next body sent stops after `bytes` bytes and the connection is held open until `releaseHeld()` or
    /// `stop()`; `waitUntilHolding()` returns once those bytes are sent.
    public func holdNextBody(after bytes: Int) { state.withLock { $0.holdAfter = (nil, bytes) } }

    /// Like `holdNextBody(after:)`, for the next body of `path` only.
    public func holdNextBodyOf(_ path: String, after bytes: Int) { state.withLock { $0.holdAfter = (path, bytes) } }

    /// Waits (up to `seconds`) until a held body has been sent up to its hold point; false if none was.
    public func waitUntilHolding(seconds: Double = 30) -> Bool {
        holdStarted.wait(timeout: .now() + seconds) == .success
    }

    /// `waitUntilHolding(seconds:)` for async code: the wait blocks a Dispatch thread, not one of the few threads of
    /// Swift's cooperative pool, which the transfer being waited for may need (on 2 cores, with tests running
    /// beside it, blocking one starved the download until the timeout).
    public func holding(seconds: Double = 30) async -> Bool {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: self.waitUntilHolding(seconds: seconds)) }
        }
    }

    /// Lets held connections close.
    public func releaseHeld() {
        let count = state.withLock { state in
            defer { state.holding = 0 }
            return state.holding
        }
        for _ in 0..<count { released.signal() }
    }

    /// Every request read so far.
    public var requests: [Request] { state.withLock { $0.requests } }

    /// Stops accepting and releases held connections.
    public func stop() {
        let first = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        guard first else { return }
        // Only shut down: the accept loop closes the socket once its `accept` fails. Closed here, the descriptor's
        // number could be given to another server's socket before this loop's thread first calls `accept`, and
        // this server would then answer that one's requests.
        shutdown(listener, Int32(SHUT_RDWR))
        releaseHeld()
    }

    deinit { stop() }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR { continue }
                close(listener)
                return
            }
            Thread.detachNewThread { [self] in
                serve(connection)
                close(connection)
            }
        }
    }

    private func serve(_ connection: Int32) {
        guard let request = read(connection) else { return }
        let action = state.withLock { state -> (files: [String: [UInt8]], cut: (path: String?, bytes: Int)?, hold: (path: String?, bytes: Int)?) in
            state.requests.append(request)
            return (state.files, state.cutAfter, state.holdAfter)
        }
        if let requiredKey, request.appKey != requiredKey {
            respond(connection, status: "401 Unauthorized", headers: [:], body: Array("wrong or missing app key\n".utf8))
            return
        }
        if request.method == "POST", request.path == "/echo" {
            var answer = Array(#"{"echo":"#.utf8)
            answer += request.body.isEmpty ? Array("null".utf8) : request.body
            answer += Array("}".utf8)
            respond(connection, status: "200 OK", headers: ["Content-Type": "application/json"], body: answer)
            return
        }
        let queued = request.method != "POST" ? nil : state.withLock { state -> [UInt8]? in
            guard let answers = state.answers[request.path], !answers.isEmpty else { return nil }
            return state.answers[request.path]!.removeFirst()
        }
        guard request.method == "GET" || request.method == "POST", let file = queued ?? action.files[request.path] else {
            respond(connection, status: "404 Not Found", headers: [:], body: Array("no such file\n".utf8))
            return
        }
        var start = 0
        var status = "200 OK"
        var headers = ["Accept-Ranges": "bytes"]
        if let range = request.range, range.hasPrefix("bytes="), let dash = range.firstIndex(of: "-"),
           let from = Int(range[range.index(range.startIndex, offsetBy: 6)..<dash]) {
            guard from < file.count else {
                respond(connection, status: "416 Range Not Satisfiable", headers: ["Content-Range": "bytes */\(file.count)"],
                        body: [])
                return
            }
            start = from
            status = "206 Partial Content"
            headers["Content-Range"] = "bytes \(from)-\(file.count - 1)/\(file.count)"
        }
        let body = Array(file[start...])
        if let cut = action.cut, cut.path == nil || cut.path == request.path {
            state.withLock { $0.cutAfter = nil }
            respond(connection, status: status, headers: headers, body: body, sendOnly: min(cut.bytes, body.count))
        } else if let hold = action.hold, hold.path == nil || hold.path == request.path {
            state.withLock { $0.holdAfter = nil; $0.holding += 1 }
            respond(connection, status: status, headers: headers, body: body, sendOnly: min(hold.bytes, body.count))
            holdStarted.signal()
            released.wait()
        } else {
            respond(connection, status: status, headers: headers, body: body)
        }
    }

    /// Reads one request: the head up to the blank line, then `Content-Length` bytes of body.
    private func read(_ connection: Int32) -> Request? {
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let separator = Array("\r\n\r\n".utf8)
        var headEnd: Int?
        while headEnd == nil {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            data += buffer[0..<count]
            if data.count > 64 << 10 { return nil }
            headEnd = (0...max(0, data.count - 4)).first { data[$0..<min($0 + 4, data.count)].elementsEqual(separator) }
        }
        let head = String(decoding: data[0..<headEnd!], as: UTF8.self).components(separatedBy: "\r\n")
        let parts = head[0].split(separator: " ")
        guard parts.count >= 2 else { return nil }
        var fields: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Array(data[(headEnd! + 4)...])
        let length = Int(fields["content-length"] ?? "0") ?? 0
        while body.count < length {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return nil }
            body += buffer[0..<count]
        }
        return Request(method: String(parts[0]), path: String(parts[1]), range: fields["range"],
                       appKey: fields[Self.appKeyHeader.lowercased()], body: body)
    }

    /// Writes the head announcing the whole `body`, then `sendOnly` bytes of it (all by default).
    private func respond(_ connection: Int32, status: String, headers: [String: String], body: [UInt8],
                         sendOnly: Int? = nil) {
        var head = "HTTP/1.1 \(status)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        guard sendAll(connection, Array(head.utf8)) else { return }
        _ = sendAll(connection, Array(body.prefix(sendOnly ?? body.count)))
    }

    private func sendAll(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }
}
