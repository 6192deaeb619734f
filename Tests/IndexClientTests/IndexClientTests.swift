import Captures
import Foundation
import IndexClient
import Runner
import Store
import TestSupport
import Testing

@Suite("Index client")
struct IndexClientTests {
    func filled(_ folder: ClientFolder) throws -> PoolIndex {
        let index = try PoolIndex(path: folder.index, models: folder.path + "/no-models")
        let store = try IndexStore(path: folder.index)
        try store.write([
            ClientRecords.record("old.jpg", daysAgo: 200, text: "espresso old"),
            ClientRecords.record("shot.png", kind: .screenshot, daysAgo: 2, text: "espresso receipt", labels: ["receipt"]),
            ClientRecords.record("new.jpg", daysAgo: 1, text: "espresso new", labels: ["cup"],
                                 location: GeoPoint(latitude: 1.5, longitude: 2.5)),
            ClientRecords.record("dl.png", source: "downloads", kind: .screenshot, text: "espresso download"),
        ])
        store.close()
        return index
    }

    func paths(_ index: PoolIndex, _ text: String = "espresso") throws -> Set<String> {
        Set(try index.search(SearchRequest(text: text, limit: 100), now: ClientRecords.now).results.map(\.path))
    }

    @Test("Focus, window and maximumAssets change what search shows, in place, and back")
    func optionsInPlace() throws {
        let folder = try ClientFolder()
        let index = try filled(folder)
        #expect(try paths(index).count == 4)
        try index.setOptions(IndexOptions(focus: .screenshots))
        #expect(try paths(index) == ["shot.png", "dl.png"])
        try index.setOptions(IndexOptions(focus: .sources(["downloads"])))
        #expect(try paths(index) == ["dl.png"])
        try index.setOptions(IndexOptions(windowDays: 90))
        #expect(try paths(index) == ["shot.png", "new.jpg", "dl.png"])
        #expect(try index.search(SearchRequest(text: "espresso"), now: ClientRecords.now.addingTimeInterval(89 * 86_400))
            .results.map(\.path).sorted() == ["dl.png", "new.jpg"], "the window moves with now")
        try index.setOptions(IndexOptions(maximumAssets: 2))
        #expect(try paths(index) == ["new.jpg", "dl.png"])
        try index.setOptions(IndexOptions())
        #expect(try paths(index).count == 4, "everything again")
    }

    @Test("Places off removes coordinates from results and the index; the option survives delete-index")
    func placesOff() throws {
        let folder = try ClientFolder()
        let index = try filled(folder)
        #expect(try index.search(SearchRequest(text: "new")).results.first?.place == "1.5,2.5")
        try index.setOptions(IndexOptions(places: false))
        #expect(try index.search(SearchRequest(text: "new")).results.first?.place == nil)
        try index.delete()
        let store = try IndexStore(path: folder.index)
        try store.write([ClientRecords.record("again.jpg", location: GeoPoint(latitude: 3.5, longitude: 4.5))])
        #expect(try store.read { db in try db.integer("SELECT count(*) FROM places") } == 0)
        store.close()
    }

    @Test("Rebuild empties what was derived and keeps grants and options; delete keeps them too")
    func rebuildAndDeleteKeep() throws {
        let folder = try ClientFolder()
        let index = try filled(folder)
        let grant = try index.addGrant(app: "viewer", sources: ["*"], evidence: false)
        try index.setOptions(IndexOptions(focus: .photos, windowDays: 30))
        try index.rebuild()
        #expect(try index.search(SearchRequest(text: "espresso")).total == 0)
        #expect(try index.grants() == [grant])
        #expect(try index.options() == IndexOptions(focus: .photos, windowDays: 30))
        try index.delete()
        #expect(!FileManager.default.fileExists(atPath: folder.index))
        #expect(FileManager.default.fileExists(atPath: folder.settings))
        #expect(try index.grants() == [grant])
        #expect(try index.options() == IndexOptions(focus: .photos, windowDays: 30))
    }

    @Test("Batches stream as an AsyncSequence, resume after a batch id, and end when the grant is revoked")
    func batchStream() async throws {
        let folder = try ClientFolder()
        let index = try filled(folder)
        let grant = try index.addGrant(app: "viewer", sources: ["photos"], evidence: true)
        let gate = TestGate()
        var iterator = try index.batches(grant: grant.id, size: 2, wait: { await gate.pass() }).makeAsyncIterator()
        let first = try #require(try await iterator.next())
        #expect(first.items.map(\.id) == ["photos:old.jpg", "photos:shot.png"])
        #expect(first.items[1].labels == ["receipt"])
        let second = try #require(try await iterator.next())
        #expect(second.items.map(\.id) == ["photos:new.jpg"])
        // Caught up: the stream waits at the gate; a new capture arrives, then the grant is revoked.
        let rest = Task {
            var ids: [String] = []
            while let batch = try await iterator.next() { ids += batch.items.map(\.id) }
            return ids
        }
        await gate.waitForArrivals(1)
        let store = try IndexStore(path: folder.index)
        try store.write([ClientRecords.record("later.jpg")])
        store.close()
        gate.release()
        await gate.waitForArrivals(2)
        try index.revokeGrant(grant.id)
        gate.release()
        #expect(try await rest.value == ["photos:later.jpg"])
        // Resuming after the first batch gives exactly what came after it.
        let again = try index.addGrant(app: "viewer", sources: ["photos"], evidence: false)
        var resumed: [String] = []
        for try await batch in try index.batches(grant: again.id, after: first.id, follow: false) {
            resumed += batch.items.map(\.id)
            #expect(batch.items.allSatisfy { $0.labels == nil })
        }
        #expect(resumed == ["photos:new.jpg", "photos:later.jpg"])
    }

    @Test("With grants in use and none covering a source, a run waits for a grant; with one, it indexes")
    func waitingForGrant() async throws {
        let folder = try ClientFolder()
        let pipeline = try folder.pipeline(copies: 2)
        let index = try PoolIndex(path: folder.index, models: folder.path + "/no-models")
        let other = try index.addGrant(app: "viewer", sources: ["elsewhere"], evidence: false)
        let waiting = try await index.run(pipeline: pipeline, powerMonitor: nil)
        #expect(waiting?.status.lastRun?.reason == .waiting)
        #expect(waiting?.status.detail.waitingFor?.contains("grant") == true)
        try index.revokeGrant(other.id)
        #expect(try index.status().phase == .waitingForGrant)
        try index.addGrant(app: "viewer", sources: ["library"], evidence: false)
        let done = try await index.run(pipeline: pipeline, powerMonitor: nil)
        #expect(done?.status.lastRun?.reason == .completed)
        #expect(done?.status.lastRun?.indexed == 2)
    }

    @Test("The example program runs against an index")
    func exampleRuns() throws {
        let folder = try ClientFolder()
        _ = try filled(folder)
        let binary = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("index-client-example")
        let candidates = [binary, Bundle.main.bundleURL.appendingPathComponent("index-client-example"),
                          URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/.build/debug/index-client-example")]
        let executable = try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) })
        let process = Process()
        process.executableURL = executable
        process.arguments = [folder.index]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = folder.path + "/data"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.contains("4 captures in batches"))
        #expect(text.contains("search \"receipt\": 1 results"))
        #expect(text.contains("«receipt»"))
        #expect(text.contains("grants left: 0"))
    }
}
