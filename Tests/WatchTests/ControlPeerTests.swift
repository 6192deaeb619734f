import ControlSocket
import Store
import Foundation
import Testing
import TestSupport

@Suite("Only the same user controls a watcher")
struct ControlPeerTests {
    @Test func givenTheControlSocket_thenItIsMode0600() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("peer-\(UUID().uuidString.prefix(8))").path
        let server = try ControlServer(path: path) { "answer to \($0)" }
        defer { server.close() }
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        #expect(try ControlClient.send("status", to: path) == "answer to status")
    }

    /// Another user, even one the file's mode lets in, gets a refusal and nothing else (`SO_PEERCRED`). Needs root
    /// to run the client as another user (`setpriv`); skipped otherwise.
    @Test func givenAPeerOfAnotherUser_thenItIsRefused() async throws {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peer-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let index = folder + "/index.sqlite"
        try IndexStore(path: index).close()
        // The other user may open the index (so `pause` gets as far as the socket)...
        chmod(folder, 0o777)
        chmod(index, 0o666)
        let handled = Counter()
        let server = try ControlServer(path: index + ".control") { _ in
            handled.add()
            return #"{"ok":true,"message":"paused"}"#
        }
        defer { server.close() }
        chmod(index + ".control", 0o666)    // ...and the socket: its mode would keep them out, the check must too

        let result = try await SecondProcess.run(["/usr/bin/setpriv", "--reuid=65534", "--regid=65534",
                                                  "--clear-groups", SecondProcess.binary, "pause", "--index", index],
                                                 executable: "/usr/bin/setpriv")
        #expect(result.stderr.contains("error: not the same user"), "\(result)")
        #expect(handled.value == 0, "the request was not handled")
    }
}
