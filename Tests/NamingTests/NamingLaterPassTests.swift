import Captures
import Foundation
import NamingStages
import PrivacyStages
import Runner
import RulesStages
import Store
import Testing
import TestSupport
import ThingNaming

@Suite("naming.chat: captures waiting for a name are asked again after a later run, from the text the index keeps")
struct NamingLaterPassTests {
    /// One run of the naming test pipeline over `store`, then the work it left for after the run (as the indexer
    /// does after a completed run). The server's request count before that work is returned as well.
    static func run(_ store: IndexStore, naming options: String,
                    server: LocalHTTPServer? = nil) async throws -> (indexed: Int, requestsDuringRun: Int) {
        let afterRun = AfterRunWork()
        let graph = try NamingStageTests.graph(store: store, naming: options, afterRun: afterRun)
        let summary = try await PipelineRunner(graph: graph, ledger: store).run()
        let during = server?.requests.count ?? 0
        #expect(afterRun.names == ["naming"])
        await afterRun.run()
        return (summary.indexed, during)
    }

    static func export(_ store: IndexStore) throws -> [String] {
        var lines: [String] = []
        try store.exportJSONLines { lines.append($0) }
        return lines
    }

    static func searchText(_ store: IndexStore, path: String) throws -> String {
        try store.read { db in
            try db.first("SELECT s.text FROM captures_search s JOIN captures c ON c.rowid = s.rowid WHERE c.path = ?",
                         [.text(path)]) { $0.string(0) ?? "" } ?? ""
        }
    }

    @Test func waitingCapturesAreNamedOnTheNextRunAndLeaveTheWaitingList() async throws {
        let folder = NamingStageTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try IndexStore(path: folder + "/index.sqlite")
        defer { store.close() }
        try store.attach([PrivacyGateStage.storage, RulesStage.storage, NamingStage.storage])

        // First run: no endpoint. Every capture is indexed; the recipe and the lamp wait for a name.
        let first = try await Self.run(store, naming: "{}")
        #expect(first.indexed == 4)
        #expect(try NamingStage.pending(in: store).map(\.reason) == ["no endpoint configured", "no endpoint configured"])
        // An older index could list a held capture as waiting: it must never be asked for all the same.
        try store.write { db in
            try db.execute("INSERT INTO naming_pending (capture_id, reason) SELECT capture_id, 'older' FROM capture_holds")
        }
        #expect(try NamingStage.pending(in: store).count == 4)
        let namesInSearchBefore = try Self.searchText(store, path: "recipe.png")
            .components(separatedBy: "Lemon drizzle cake").count - 1

        // Second run, with an endpoint: nothing changed, so the runner reads nothing again; the later pass asks for
        // the two waiting captures from their stored text.
        let server = try LocalHTTPServer(files: [FakeChat.path: FakeChat.naming([("recipe", "Lemon drizzle cake")])])
        defer { server.stop() }
        let second = try await Self.run(store, naming: #"{"endpoint": "\#(server.url(FakeChat.path))"}"#, server: server)
        #expect(second.indexed == 0)
        #expect(second.requestsDuringRun == 0)
        #expect(server.requests.count == 2)                  // the recipe and the lamp; none for the held two
        #expect(FakeChat.anyBody(of: server, contains: "Preheat the oven"))     // the stored text is what is sent
        for secret in NamingStageTests.secrets {
            #expect(!FakeChat.anyBody(of: server, contains: secret), "a request carried \"\(secret)\"")
        }
        // Named, and answered "unknown" (the lamp: the name is not on its page): both leave the waiting list; the
        // held captures' rows stay (never asked).
        let waiting = try NamingStage.pending(in: store)
        #expect(waiting.count == 2 && waiting.allSatisfy { $0.reason == "older" })
        let lines = try Self.export(store)
        let recipe = try #require(lines.first { $0.contains("recipe.png") })
        #expect(recipe.contains(#""things":[{"kind":"recipe","name":"Lemon drizzle cake"}]"#))
        let lamp = try #require(lines.first { $0.contains("lamp.png") })
        #expect(lamp.contains(#""things":[{"kind":"recipe","name":"unknown"}]"#))
        // What search matches for the recipe now carries its name as well.
        #expect(try Self.searchText(store, path: "recipe.png").components(separatedBy: "Lemon drizzle cake").count - 1
                == namesInSearchBefore + 1)

        // A third run asks for nothing more.
        let third = try await Self.run(store, naming: #"{"endpoint": "\#(server.url(FakeChat.path))"}"#, server: server)
        #expect(third.indexed == 0)
        #expect(server.requests.count == 2)
    }

    @Test func aCaptureStillWaitingKeepsItsRowWithTheNewReason() async throws {
        let folder = NamingStageTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try IndexStore(path: folder + "/index.sqlite")
        defer { store.close() }
        try store.attach([PrivacyGateStage.storage, RulesStage.storage, NamingStage.storage])
        _ = try await Self.run(store, naming: "{}")
        let refusing = try FakeChat.RefusingPort()
        _ = try await Self.run(store, naming: #"{"endpoint": "\#(refusing.url)"}"#)
        // The first capture asked finds nothing listening: its reason is updated, and the pass stops there (no
        // endpoint is left to ask); the other keeps its reason.
        let waiting = try NamingStage.pending(in: store)
        #expect(waiting.count == 2)
        #expect(waiting.map(\.reason).sorted() == ["local endpoint unreachable", "no endpoint configured"], "\(waiting)")
    }
}
