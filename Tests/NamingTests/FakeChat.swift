import Foundation
#if canImport(Glibc)
import Glibc
#endif
import TestSupport

/// Answers of a fake chat endpoint, in the shapes llama.cpp's server and Ollama send.
enum FakeChat {
    static let path = "/v1/chat/completions"

    /// An OpenAI-compatible answer whose message content is `content`.
    static func answer(_ content: String) -> [UInt8] {
        let object: [String: Any] = ["choices": [["index": 0, "message": ["role": "assistant", "content": content]]]]
        return Array(try! JSONSerialization.data(withJSONObject: object))
    }

    /// An answer naming `things` (kind, name).
    static func naming(_ things: [(String, String)]) -> [UInt8] {
        let list = things.map { ["kind": $0.0, "name": $0.1] }
        let content = String(decoding: try! JSONSerialization.data(withJSONObject: ["things": list]), as: UTF8.self)
        return answer(content)
    }

    /// Whether any request body the server recorded contains `needle`.
    static func anyBody(of server: LocalHTTPServer, contains needle: String) -> Bool {
        server.requests.contains { Data($0.body).range(of: Data(needle.utf8)) != nil }
    }

    /// A port on 127.0.0.1 bound but never listened on: connections to it are refused, and no other test's server
    /// can be given it while this is open (a stopped server's port could be).
    final class RefusingPort: Sendable {
        let socket: Int32
        let port: Int

        init() throws {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = 0
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard socket >= 0, bound == 0 else { throw POSIXError(.EADDRINUSE) }
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
            }
            self.socket = socket
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        var url: String { "http://127.0.0.1:\(port)\(FakeChat.path)" }

        deinit { close(socket) }
    }
}
