import Captures
import Foundation
import Runner
import Testing
@testable import Store

@Suite("Index store")
struct IndexStoreTests {
    @Test("Given a slice written, then every capture and its rows read back", arguments: IndexLocation.allCases)
    func writeSliceReadBack(_ location: IndexLocation) throws {
        let index = try TestIndex(location)
        let vector = ImageVector(model: "clip-vit-b32", values: [0.5, -0.25, 1e-7])
        let records = [
            Records.record("a.jpg", text: ["Hello", "World"],
                           codes: [Records.code("QRCode", Array("https://x.test".utf8), text: "https://x.test")],
                           labels: [CaptureLabel(name: "dog", confidence: 0.9)], fingerprint: 0xF00D_0000_0000_BEEF,
                           focus: FocusMeasure(sharpness: 812.5, outOfFocus: false), vector: vector,
                           location: GeoPoint(latitude: 48.8566, longitude: 2.3522)),
            Records.record("b.png"),
        ]
        try index.store.write(records)

        #expect(try index.store.captureCount == 2)
        let row = try index.store.read { db in
            try db.first("""
                SELECT path, signature, text, fingerprint, sharpness, out_of_focus, lat, lon, width, kind, date
                FROM captures LEFT JOIN places ON places.capture_id = captures.id WHERE id = 'photos:a.jpg'
                """) { row in
                [row.string(0), row.string(1), row.string(2), row.int64(3).map { String(UInt64(bitPattern: $0), radix: 16) },
                 row.double(4).map { "\($0)" }, row.int(5).map { "\($0)" }, row.double(6).map { "\($0)" },
                 row.double(7).map { "\($0)" }, row.int(8).map { "\($0)" }, row.string(9), row.double(10).map { "\($0)" }]
            }
        }
        #expect(row == ["a.jpg", "1000-5", "Hello\nWorld", "f00d00000000beef", "812.5", "0", "48.8566", "2.3522",
                        "4032", "photo", "\(Records.baseDate.timeIntervalSince1970)"])
        #expect(try index.store.vectors(model: "clip-vit-b32").map(\.values) == [vector.values])
        #expect(try index.store.count("codes") == 1)
        #expect(try index.store.count("labels") == 1)
        let empty = try index.store.read { db in
            try db.first("SELECT text, fingerprint, sharpness, out_of_focus FROM captures WHERE id = 'photos:b.png'") {
                [$0.isNull(0), $0.isNull(1), $0.isNull(2), $0.isNull(3)]
            }
        }
        #expect(empty == [true, true, true, true])
    }

    @Test("Given a capture written again, then its child rows are replaced, not added", arguments: IndexLocation.allCases)
    func upsertReplacesChildren(_ location: IndexLocation) throws {
        let index = try TestIndex(location)
        try index.store.write([Records.record(
            "a.jpg", signature: "v1", text: ["old words"],
            codes: [Records.code("EAN-13", Array("4006381333931".utf8), text: "4006381333931"),
                    Records.code("QRCode", [1, 2], text: nil)],
            labels: [CaptureLabel(name: "cat", confidence: 0.7), CaptureLabel(name: "animal", confidence: 0.7)],
            vector: ImageVector(model: "m", values: [1, 0]))])
        try index.store.write([Records.record(
            "a.jpg", signature: "v2", text: ["new words"], codes: [Records.code("Aztec", [9], text: nil)],
            labels: [CaptureLabel(name: "beach", confidence: 0.6)])])

        #expect(try index.store.captureCount == 1)
        let state = try index.store.read { db in
            (try db.query("SELECT format FROM codes") { $0.string(0) ?? "" },
             try db.query("SELECT name FROM labels") { $0.string(0) ?? "" },
             try db.integer("SELECT count(*) FROM vectors"),
             try db.first("SELECT signature, text FROM captures") { [$0.string(0), $0.string(1)] })
        }
        #expect(state.0 == ["Aztec"])
        #expect(state.1 == ["beach"])
        #expect(state.2 == 0)
        #expect(state.3 == ["v2", "new words"])
        #expect(try index.store.search("old").isEmpty)
        #expect(try index.store.search("new").map(\.path) == ["a.jpg"])
    }

    @Test("Given the same label from two stages, then one row keeps the higher confidence")
    func duplicateLabels() throws {
        let store = try IndexStore.inMemory()
        try store.write([Records.record("a.jpg", labels: [CaptureLabel(name: "dog", confidence: 0.4),
                                                          CaptureLabel(name: "dog", confidence: 0.8)])])
        #expect(try store.read { db in try db.query("SELECT confidence FROM labels") { $0.double(0) } } == [0.8])
    }

    @Test("Given captures forgotten, then they go with every derived row", arguments: IndexLocation.allCases)
    func forgetCascades(_ location: IndexLocation) async throws {
        let index = try TestIndex(location)
        let full = { (name: String) in
            Records.record(name, text: ["words of \(name)"], codes: [Records.code("QRCode", [1], text: nil)],
                           labels: [CaptureLabel(name: "dog", confidence: 0.9)],
                           vector: ImageVector(model: "m", values: [1]))
        }
        try index.store.write([full("a.jpg"), full("b.jpg"), full("c.jpg")])
        try await index.store.recordFailure(CaptureFailure(capture: CaptureID("photos:d.jpg"), stageID: "decode",
                                                           reason: "truncated"), source: "photos", signature: "s")

        try await index.store.forget([CaptureID("photos:a.jpg"), CaptureID("photos:c.jpg"), CaptureID("photos:d.jpg")],
                                     source: "photos")

        #expect(try index.store.captureCount == 1)
        #expect(try index.store.failureCount == 0)
        for table in ["codes", "labels", "vectors", "captures_search"] {
            #expect(try index.store.count(table) == 1, "table \(table)")
        }
        #expect(try index.store.search("words").map(\.path) == ["b.jpg"])
        #expect(try await index.store.signatures(source: "photos").keys.sorted() == [CaptureID("photos:b.jpg")])
    }

    @Test("Given a capture of another source with the same id, then forget leaves it")
    func forgetIsPerSource() async throws {
        let store = try IndexStore.inMemory()
        try store.write([Records.record("a.jpg", source: "photos")])
        try await store.forget([CaptureID("photos:a.jpg")], source: "screenshots")
        #expect(try store.captureCount == 1)
    }

    @Test("Given indexed and failed captures, then the ledger's signatures hold both, per source",
          arguments: IndexLocation.allCases)
    func ledgerSignatures(_ location: IndexLocation) async throws {
        let index = try TestIndex(location)
        let ledger: any CaptureLedger = index.store
        try index.store.write([Records.record("a.jpg", signature: "10-1"),
                               Records.record("s.png", source: "screens", signature: "20-2")])
        try await ledger.recordFailure(CaptureFailure(capture: CaptureID("photos:bad.jpg"), stageID: "decode",
                                                      reason: "not a JPEG"), source: "photos", signature: "30-3")

        #expect(try await ledger.signatures(source: "photos")
                == [CaptureID("photos:a.jpg"): "10-1", CaptureID("photos:bad.jpg"): "30-3"])
        #expect(try await ledger.signatures(source: "screens") == [CaptureID("screens:s.png"): "20-2"])
        let failures = try index.store.failures()
        #expect(failures.map(\.failure) == [CaptureFailure(capture: CaptureID("photos:bad.jpg"), stageID: "decode",
                                                           reason: "not a JPEG")])
        #expect(failures.map(\.signature) == ["30-3"])
    }

    @Test("Given a capture that failed, when it later succeeds, then the failure is gone; and the other way round")
    func failureAndSuccessReplaceEachOther() async throws {
        let store = try IndexStore.inMemory()
        let failure = CaptureFailure(capture: CaptureID("photos:a.jpg"), stageID: "decode", reason: "truncated")
        try await store.recordFailure(failure, source: "photos", signature: "v1")
        try store.write([Records.record("a.jpg", signature: "v2", text: ["searchable"])])
        #expect(try store.failureCount == 0)
        #expect(try await store.signatures(source: "photos") == [CaptureID("photos:a.jpg"): "v2"])

        try await store.recordFailure(failure, source: "photos", signature: "v3")
        #expect(try store.captureCount == 0)
        #expect(try store.search("searchable").isEmpty)
        #expect(try await store.signatures(source: "photos") == [CaptureID("photos:a.jpg"): "v3"])
        #expect(try store.export().isEmpty)
    }

    @Test("Given a saved status, then it loads back with its pid, and saving again replaces it",
          arguments: IndexLocation.allCases)
    func statusRoundTrip(_ location: IndexLocation) throws {
        let index = try TestIndex(location)
        #expect(try index.store.loadStatus() == nil)
        try index.store.saveStatus(json: Data(#"{"phase":"indexing"}"#.utf8), pid: 4242,
                                   updatedAt: Date(timeIntervalSince1970: 100))
        try index.store.saveStatus(json: Data(#"{"phase":"idle"}"#.utf8), pid: nil,
                                   updatedAt: Date(timeIntervalSince1970: 200))
        #expect(try index.store.loadStatus() == StoredStatus(json: Data(#"{"phase":"idle"}"#.utf8), pid: nil,
                                                             updatedAt: Date(timeIntervalSince1970: 200)))
        #expect(try index.store.count("status") == 1)
    }

    @Test("Given a rebuild, then derived data is empty and settings and status stay", arguments: IndexLocation.allCases)
    func rebuildKeepsSettings(_ location: IndexLocation) async throws {
        let index = try TestIndex(location)
        try index.store.write(Records.many(5))
        try await index.store.recordFailure(CaptureFailure(capture: CaptureID("photos:x"), stageID: "d", reason: "r"),
                                            source: "photos", signature: "s")
        try index.store.setSetting("indexWindow", to: "everything")
        try index.store.saveStatus(json: Data("{}".utf8), pid: 1)

        try index.store.rebuild()

        for table in ["captures", "codes", "labels", "vectors", "failures", "captures_search"] {
            #expect(try index.store.count(table) == 0, "table \(table)")
        }
        #expect(try await index.store.signatures(source: "photos").isEmpty)
        #expect(try index.store.setting("indexWindow") == "everything")
        #expect(try index.store.loadStatus() != nil)
        #expect(try index.store.appliedMigrations() == IndexSchema.migrator.migrations.map(\.name))
        try index.store.write(Records.many(2))
        #expect(try index.store.captureCount == 2)
    }

    @Test("Given an index on disk, when deleted, then its files are gone and a new open starts empty")
    func deleteIndexRemovesFiles() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("deep/index.sqlite")
        let store = try IndexStore(path: path)
        try store.write(Records.many(3))
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))

        try store.deleteIndex()

        for file in [path, path + "-wal", path + "-shm"] { #expect(!FileManager.default.fileExists(atPath: file)) }
        #expect(throws: StoreError.closed(path: path)) { try store.captureCount }
        #expect(try IndexStore(path: path).captureCount == 0)
    }

    @Test("Opening an index that must exist fails when it does not, and creates nothing")
    func openExisting() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("missing/index.sqlite")
        #expect(throws: StoreError.notFound(path: path)) { try IndexStore.openExisting(path: path) }
        #expect(!FileManager.default.fileExists(atPath: folder.file("missing")))
        try IndexStore(path: path).write(Records.many(1))
        #expect(try IndexStore.openExisting(path: path).captureCount == 1)
    }

    @Test("Default path follows XDG_DATA_HOME, else HOME")
    func defaultPath() {
        #expect(IndexStore.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"])
                == "/data/pool-pipeline/index.sqlite")
        #expect(IndexStore.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"])
                == "/home/u/.local/share/pool-pipeline/index.sqlite")
        #expect(IndexStore.defaultPath(environment: ["HOME": "/home/u"])
                == "/home/u/.local/share/pool-pipeline/index.sqlite")
    }
}

extension IndexStore {
    /// Every export line (tests only).
    func export() throws -> [String] {
        var lines: [String] = []
        try exportJSONLines { lines.append($0) }
        return lines
    }
}
