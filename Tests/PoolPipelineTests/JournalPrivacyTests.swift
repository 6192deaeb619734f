import Captures
import Foundation
import PersistStage
import PoolPipeline
import PrivacyStages
import Runner
import Store
import Synchronization
import Testing
import TestSupport

/// A card capture, a recipe and a Wi-Fi code indexed through text → gate → probe → persist by an `Indexer`, whose
/// journal of captures under way (`index.sqlite.underway`) is what a crash leaves behind: the probe, after the
/// gate, copies the journal's bytes as each capture passes, which is what the file would hold had the process died
/// there.
private final class JournalLibrary: Sendable {
    static let card = ScriptedCapture(name: "card-photo-7731.png",
                                      text: ["JANE Q CARDHOLDER", "4111 1111 1111 1111", "VALID THRU 09/28"], codes: [])
    static let wifi = ScriptedCapture(name: "router-sticker.png", text: ["Scan to join"],
                                      codes: ["WIFI:T:WPA;S:HomeNet;P:Tr0ub4dor&3x;;"])
    static let recipe = ScriptedCapture(name: "recipe.png", text: ["Lemon drizzle cake", "Ingredients", "Preheat the oven"],
                                        codes: [])
    static let captures = [card, wifi, recipe]
    static let secrets = ["card-photo-7731", "router-sticker", "4111", "CARDHOLDER", "HomeNet", "Tr0ub4dor"]

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("journal-privacy-\(UUID().uuidString)").path
    var index: String { folder + "/index.sqlite" }
    var pipeline: String { folder + "/pipeline.json" }
    var journal: String { CaptureJournal.path(forIndex: index) }
    let snapshots = Mutex<[(capture: String, bytes: Data)]>([])
    /// How many times the work the probe left for after the run ran, and how many captures the index held then.
    let afterRun = Mutex<[Int]>([])

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("""
            {"sources": [{"id": "shots", "kind": "files"}],
             "stages": [{"id": "decode", "kind": "decode"}, {"id": "text", "kind": "text"}, {"id": "codes", "kind": "codes"},
                        {"id": "privacy", "kind": "privacy.gate"}, {"id": "probe", "kind": "probe"},
                        {"id": "persist", "kind": "sqlite.persist"}],
             "edges": [{"from": "shots", "to": "decode"}, {"from": "decode", "to": ["text", "codes", "privacy"]},
                       {"from": ["text", "codes"], "to": "privacy"}, {"from": "privacy", "to": "probe"},
                       {"from": "probe", "to": "persist"}]}
            """.utf8).write(to: URL(fileURLWithPath: pipeline))
    }

    var registry: StageRegistry {
        let date = Date(timeIntervalSince1970: 1_717_236_000)
        let decoded = Dictionary(uniqueKeysWithValues: Self.captures.map { ($0.id.rawValue, $0.decoded(date: date)) })
        var registry = StageRegistry()
        registry.registerStoreStages()
        registry.registerPrivacyStages()
        registry.registerSource("files") { _ in
            ListSource(items: Self.captures.map { capture in
                let file = capture.decoded(date: date).file
                return SourceCapture(id: file.id, signature: file.signature, value: file)
            })
        }
        registry.register("decode") { _ in
            ClosureStage<CaptureFile, DecodedCapture> { file, _ in decoded[file.id.rawValue]! }
        }
        registry.registerScriptedReading(
            text: Dictionary(uniqueKeysWithValues: Self.captures.map { ($0.id.rawValue, $0.text) }),
            codes: Dictionary(uniqueKeysWithValues: Self.captures.map { ($0.id.rawValue, $0.codes) }))
        let journal = journal
        registry.register("probe") { [self] setup in
            if let work = setup.environment[AfterRunWork.self], let store = setup.environment[IndexStore.self] {
                work.add("probe") { self.afterRun.withLock { $0.append((try? store.captureCount) ?? -1) } }
            }
            return ClosureStage<CaptureRecord, CaptureRecord> { record, context in
                let bytes = FileManager.default.contents(atPath: journal) ?? Data()
                self.snapshots.withLock { $0.append((context.capture.rawValue, bytes)) }
                return record
            }
        }
        return registry
    }

    func run() async throws -> RunSummary {
        let indexer = try Indexer(pipeline: pipeline, indexPath: index, registry: registry, powerMonitor: nil)
        return try await indexer.run()
    }

    /// The secrets found in `bytes`.
    static func leaks(_ bytes: Data) -> [String] {
        secrets.filter { bytes.range(of: Data($0.utf8)) != nil }
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }
}

@Suite("The journal beside the index keeps nothing of a held capture, even after a crash")
struct JournalPrivacyTests {
    @Test func whatACrashWouldLeaveHoldsNoPathOfAHeldCapture() async throws {
        let library = try JournalLibrary()
        defer { library.remove() }
        let summary = try await library.run()
        #expect(summary.indexed == 3)
        let snapshots = library.snapshots.withLock { $0 }
        #expect(snapshots.count == 3)
        for snapshot in snapshots {
            #expect(!snapshot.bytes.isEmpty)                   // the journal was there, noting captures under way
            #expect(JournalLibrary.leaks(snapshot.bytes).isEmpty, "\(String(decoding: snapshot.bytes, as: UTF8.self))")
        }
        #expect(!FileManager.default.fileExists(atPath: library.journal))     // a run that ends removes it
        // The indexer ran the work the stage left, once, after every capture was stored.
        #expect(library.afterRun.withLock { $0 } == [3])
    }

    @Test func aHeldCaptureTriedAloneAfterACrashLeavesNoPathBehind() async throws {
        let library = try JournalLibrary()
        defer { library.remove() }
        // What a process that died reading the card left: the card under way in `text` (with its path, as journals
        // written before this change noted every capture's path).
        let card = JournalLibrary.card.id.rawValue
        try Data("N\t0\ttext\nA\t1\t0\tshots\t1000-1\t\(card)\tcard-photo-7731.png\nE\t1\t0\nX\t11\t\((1 << 16) | 1)\nK\t11\n"
            .utf8).write(to: URL(fileURLWithPath: library.journal))
        let summary = try await library.run()
        #expect(summary.indexed == 3)
        let snapshots = library.snapshots.withLock { $0 }
        let cardSnapshot = try #require(snapshots.first { $0.capture == card })
        // The card was tried alone (its path noted as it entered), then held: its path was taken out again.
        #expect(JournalLibrary.leaks(cardSnapshot.bytes).isEmpty, "\(String(decoding: cardSnapshot.bytes, as: UTF8.self))")
        for snapshot in snapshots {
            #expect(JournalLibrary.leaks(snapshot.bytes).isEmpty)
        }
        let store = try IndexStore(path: library.index)
        defer { store.close() }
        #expect(try store.failures().isEmpty)
    }
}
