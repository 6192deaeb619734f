import Captures
import Foundation
import Runner
import Testing
@testable import Store

@Suite("Crash safety")
struct CrashTests {
    struct SimulatedKill: Error {}

    @Test("Given a kill in the middle of slice 2, then reopening shows slice 1 only, and the index is sound")
    func killMidTransaction() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("index.sqlite")
        let crashed = folder.file("crashed/index.sqlite")
        try FileManager.default.createDirectory(atPath: folder.file("crashed"), withIntermediateDirectories: true)
        let store = try IndexStore(path: path)
        let slice1 = Records.many(50, prefix: "one")
        try store.write(slice1)
        let walBefore = try fileSize(path + "-wal")

        var seenByOtherConnection: Int?
        #expect(throws: SimulatedKill.self) {
            try store.write { db in
                try db.execute("PRAGMA cache_size = 10") // spill uncommitted pages into the WAL, as a big slice would
                for record in Records.many(400, prefix: "two") {
                    try IndexStore.upsert(record, indexedAt: Date(), in: db)
                }
                // The files as they are now are what a SIGKILL leaves on disk.
                for suffix in ["", "-wal"] { try FileManager.default.copyItem(atPath: path + suffix, toPath: crashed + suffix) }
                // Another process opening the index meanwhile sees only committed captures.
                seenByOtherConnection = try IndexStore(path: path).captureCount
                throw SimulatedKill()
            }
        }
        #expect(try fileSize(crashed + "-wal") > walBefore, "the copy must hold uncommitted frames to test anything")
        #expect(seenByOtherConnection == 50)

        let reopened = try IndexStore(path: crashed)
        #expect(try reopened.captureCount == 50)
        #expect(try reopened.integrityProblems() == [])
        #expect(try await reopened.signatures(source: "photos").keys.sorted() == slice1.map(\.file.id).sorted())
        #expect(try reopened.search("two").isEmpty)
        #expect(try reopened.search("one").count == 50)
        #expect(try store.captureCount == 50)
    }

    func fileSize(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
}
