import Foundation
import HTTPTransfer
import Synchronization
import Testing
import TestSupport

@Suite("HTTP transfers through libcurl against a local server")
struct HTTPClientTests {
    static let payload: [UInt8] = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }

    static func temporaryFile() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("http-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("download.bin").path
    }

    static func contents(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test("a GET writes the file, sending the app key header, and progress reaches the total")
    func download() throws {
        let server = try LocalHTTPServer(files: ["/m.bin": Self.payload], requiredKey: "k1")
        defer { server.stop() }
        let path = try Self.temporaryFile()
        let last = Mutex<TransferProgress?>(nil)
        let result = try HTTPClient().download(
            HTTPRequest(url: server.url("/m.bin"), headers: [HTTPClient.appKeyHeader: "k1"]), to: path,
            progress: { progress in last.withLock { $0 = progress } })
        #expect(result == DownloadResult(bytes: Int64(Self.payload.count), resumedFrom: 0, status: 200))
        #expect(try Self.contents(path) == Self.payload)
        #expect(last.withLock { $0 }?.bytes == Int64(Self.payload.count))
        #expect(server.requests.map(\.appKey) == ["k1"])
    }

    @Test("a connection cut halfway fails, and the next call asks for the rest with a range and completes the file")
    func resumesAfterCut() throws {
        let server = try LocalHTTPServer(files: ["/m.bin": Self.payload])
        defer { server.stop() }
        let path = try Self.temporaryFile()
        server.cutNextBody(after: 70_000)
        let request = HTTPRequest(url: server.url("/m.bin"))
        #expect(throws: HTTPError.self) {
            try HTTPClient().download(request, to: path, expectedSize: Int64(Self.payload.count))
        }
        let partial = try Self.contents(path).count
        #expect(partial > 0 && partial <= 70_000)
        let result = try HTTPClient().download(request, to: path, expectedSize: Int64(Self.payload.count))
        #expect(result.resumedFrom == Int64(partial) && result.status == 206)
        #expect(try Self.contents(path) == Self.payload)
        #expect(server.requests.map(\.range) == [nil, "bytes=\(partial)-"])
        // Complete already: nothing more is asked for.
        _ = try HTTPClient().download(request, to: path, expectedSize: Int64(Self.payload.count))
        #expect(server.requests.count == 2)
    }

    @Test("a wrong app key is an HTTP 401 naming the URL, and nothing is written")
    func wrongKey() throws {
        let server = try LocalHTTPServer(files: ["/m.bin": Self.payload], requiredKey: "right")
        defer { server.stop() }
        let path = try Self.temporaryFile()
        #expect(throws: HTTPError.status(url: server.url("/m.bin"), code: 401, body: "wrong or missing app key")) {
            try HTTPClient().download(HTTPRequest(url: server.url("/m.bin"), headers: [HTTPClient.appKeyHeader: "wrong"]),
                                      to: path)
        }
        #expect(try Self.contents(path).isEmpty)
        #expect(throws: HTTPError.self) { try HTTPClient().get(HTTPRequest(url: server.url("/nope"))) }
    }

    @Test("a cancelled transfer stops with .cancelled")
    func cancellation() throws {
        let server = try LocalHTTPServer(files: ["/m.bin": Self.payload])
        defer { server.stop() }
        server.holdNextBody(after: 1000)
        let cancellation = TransferCancellation()
        let path = try Self.temporaryFile()
        Thread.detachNewThread {
            _ = server.waitUntilHolding()
            cancellation.cancel()
        }
        #expect(throws: HTTPError.cancelled(url: server.url("/m.bin"))) {
            try HTTPClient().download(HTTPRequest(url: server.url("/m.bin")), to: path, cancellation: cancellation)
        }
    }

    @Test("a stalled server is abandoned after the stall timeout")
    func stallTimeout() throws {
        let server = try LocalHTTPServer(files: ["/m.bin": Self.payload])
        defer { server.stop() }
        server.holdNextBody(after: 10)
        #expect {
            try HTTPClient().get(HTTPRequest(url: server.url("/m.bin"), stallTimeout: .seconds(1)))
        } throws: { error in
            guard case .transport(_, let code, _)? = error as? HTTPError else { return false }
            return code == 28      // CURLE_OPERATION_TIMEDOUT
        }
    }

    @Test("file:// URLs download and resume too")
    func fileURL() throws {
        let source = try Self.temporaryFile()
        try Data(Self.payload).write(to: URL(fileURLWithPath: source))
        let path = try Self.temporaryFile()
        try Data(Self.payload.prefix(1234)).write(to: URL(fileURLWithPath: path))
        let result = try HTTPClient().download(HTTPRequest(url: "file://" + source), to: path,
                                               expectedSize: Int64(Self.payload.count))
        #expect(result.resumedFrom == 1234)
        #expect(try Self.contents(path) == Self.payload)
        #expect(throws: HTTPError.self) { try HTTPClient().get(HTTPRequest(url: "file:///no/such/file")) }
    }

    @Test("POST JSON sends the body with the key and returns the answer; an error status throws")
    func postJSON() throws {
        let server = try LocalHTTPServer(requiredKey: "k")
        defer { server.stop() }
        let body = Array(#"{"messages":[{"role":"user","content":"hi"}]}"#.utf8)
        let response = try HTTPClient().postJSON(HTTPRequest(url: server.url("/echo"),
                                                             headers: [HTTPClient.appKeyHeader: "k"]), json: body)
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"echo":"# + String(decoding: body, as: UTF8.self) + "}")
        #expect(server.requests.last?.method == "POST" && server.requests.last?.body == body)
        #expect(throws: HTTPError.status(url: server.url("/echo"), code: 401, body: "wrong or missing app key")) {
            try HTTPClient().postJSON(HTTPRequest(url: server.url("/echo")), json: body)
        }
    }
}
