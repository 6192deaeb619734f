import Captures
import Foundation
import NamingStages
import PersistStage
import PrivacyStages
import Runner
import RulesStages
import Store
import Testing
import TestSupport
import ThingNaming

@Suite("naming.chat: after the gate; a held capture sends nothing; a slow endpoint never stops the run")
struct NamingStageTests {
    static let baseDate = Date(timeIntervalSince1970: 1_717_236_000)
    static let captures = [
        ScriptedCapture(name: "card-photo-7731.png", text: ["JANE Q CARDHOLDER", "4111 1111 1111 1111", "VALID THRU 09/28"], codes: []),
        ScriptedCapture(name: "router-sticker.png", text: ["Scan to join"], codes: ["WIFI:T:WPA;S:HomeNet;P:Tr0ub4dor&3x;;"]),
        ScriptedCapture(name: "recipe.png", text: ["Lemon drizzle cake", "Ingredients", "2 tbsp sugar", "Preheat the oven",
                                               "Bake 40 minutes", "https://cooking.example.com/lemon-cake"], codes: []),
        ScriptedCapture(name: "lamp.png", text: ["Zebra Desk Lamp", "€ 49,90", "Add to basket", "Free delivery"], codes: []),
    ]
    static let secrets = ["4111 1111 1111 1111", "4111111111111111", "CARDHOLDER", "VALID THRU", "Tr0ub4dor&3x",
                          "HomeNet", "card-photo-7731", "router-sticker", "Scan to join", "WIFI:"]

    static func id(_ capture: ScriptedCapture) -> CaptureID { capture.id }

    static func decoded(_ capture: ScriptedCapture) -> DecodedCapture {
        capture.decoded(date: baseDate)
    }

    /// text, codes → rules → privacy → naming → persist, with `naming`'s options.
    /// `customize` may swap stage kinds (a text stage that does something as it reads).
    static func graph(store: IndexStore, naming options: String, afterRun: AfterRunWork? = nil,
                      customize: (inout StageRegistry) -> Void = { _ in }) throws -> PipelineGraph {
        let byID = Dictionary(uniqueKeysWithValues: captures.map { (id($0).rawValue, $0) })
        var registry = StageRegistry()
        registry.registerStoreStages()
        registry.registerPrivacyStages()
        registry.registerRulesStages()
        registry.registerNamingStages()
        registry.registerSource("list") { _ in
            ListSource(items: captures.map(decoded).map { SourceCapture(id: $0.file.id, signature: $0.file.signature, value: $0) })
        }
        registry.registerScriptedReading(text: byID.mapValues(\.text), codes: byID.mapValues(\.codes))
        customize(&registry)
        var environment = StageEnvironment(baseDirectory: "/tmp")
        environment.provide(store)
        if let afterRun { environment.provide(afterRun) }
        let spec = try PipelineSpec.parse(Data("""
            {"sources": [{"id": "shots", "kind": "list"}],
             "stages": [{"id": "text", "kind": "text"}, {"id": "codes", "kind": "codes"}, {"id": "rules", "kind": "rules"},
                        {"id": "privacy", "kind": "privacy.gate"}, {"id": "naming", "kind": "naming.chat", "options": \(options)},
                        {"id": "persist", "kind": "sqlite.persist"}],
             "edges": [{"from": "shots", "to": ["text", "codes", "privacy"]}, {"from": ["text", "codes"], "to": ["rules", "privacy"]},
                       {"from": "rules", "to": "privacy"}, {"from": "privacy", "to": "naming"}, {"from": "naming", "to": "persist"}]}
            """.utf8), file: "naming.json")
        return try PipelineLoader(registry: registry, environment: environment).load(spec, file: "naming.json")
    }

    static func index(naming options: String, in folder: String) async throws -> (lines: [String], pending: Int, indexed: Int) {
        let store = try IndexStore(path: folder + "/index.sqlite")
        defer { store.close() }
        try store.attach([PrivacyGateStage.storage, RulesStage.storage, NamingStage.storage])
        let summary = try await PipelineRunner(graph: try graph(store: store, naming: options), ledger: store).run()
        var lines: [String] = []
        try store.exportJSONLines { lines.append($0) }
        return (lines, try NamingStage.pending(in: store).count, summary.indexed)
    }

    static func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("naming-\(UUID().uuidString)").path
    }

    @Test func heldCapturesSendNothingAndExportCarriesThings() async throws {
        let server = try LocalHTTPServer(files: [FakeChat.path: FakeChat.naming([("recipe", "Lemon drizzle cake")])])
        defer { server.stop() }
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (lines, pending, indexed) = try await Self.index(naming: #"{"endpoint": "\#(server.url(FakeChat.path))"}"#,
                                                            in: folder)
        #expect(indexed == 4)
        #expect(pending == 0)
        #expect(server.requests.count == 2)     // the recipe and the lamp; nothing for the card or the Wi-Fi code
        #expect(FakeChat.anyBody(of: server, contains: "Lemon drizzle cake"))   // the search does see what is sent
        for secret in Self.secrets {
            #expect(!FakeChat.anyBody(of: server, contains: secret), "a request carried \"\(secret)\"")
        }
        let recipe = try #require(lines.first { $0.contains("recipe.png") })
        #expect(recipe.contains(#""things":[{"kind":"recipe","name":"Lemon drizzle cake"}]"#))
        let lamp = try #require(lines.first { $0.contains("lamp.png") })
        #expect(lamp.contains(#""things":[{"kind":"recipe","name":"unknown"}]"#))     // not on the lamp page: not grounded
        for line in lines where line.contains(#""sensitive":"payment card""#) || line.contains(#""sensitive":"credential""#) {
            #expect(line.contains(#""things":[]"#))
        }
    }

    @Test func aSlowEndpointTimesOutAndTheRunGoesOn() async throws {
        let server = try LocalHTTPServer(files: [FakeChat.path: FakeChat.naming([("recipe", "Lemon drizzle cake")])])
        defer { server.stop() }
        server.holdNextBodyOf(FakeChat.path, after: 0)      // the first request gets its head and then nothing
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (lines, pending, indexed) = try await Self.index(
            naming: #"{"endpoint": "\#(server.url(FakeChat.path))", "timeout": 1}"#, in: folder)
        #expect(indexed == 4)
        #expect(pending == 1)                               // waits for a later pass, with the reason
        #expect(lines.filter { $0.contains(#""things":[{"kind":"recipe""#) }.count == 1)
    }

    @Test func withoutAnyEndpointIndexingGoesOn() async throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (lines, pending, indexed) = try await Self.index(naming: "{}", in: folder)
        #expect(indexed == 4)
        #expect(pending == 2)
        #expect(lines.allSatisfy { $0.contains(#""things":[]"#) })
        #expect(lines.contains { $0.contains(#""leads":[{"fields":{"name":"Lemon drizzle cake""#) })
    }

    @Test func aRemoteEndpointIsRefusedAsLocal() throws {
        let folder = Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try IndexStore(path: folder + "/index.sqlite")
        defer { store.close() }
        #expect(throws: PipelineError.self) {
            _ = try Self.graph(store: store, naming: #"{"endpoint": "https://api.example.com/v1/chat/completions"}"#)
        }
    }
}
