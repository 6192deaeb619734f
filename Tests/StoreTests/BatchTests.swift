import Captures
import Foundation
import Runner
import Testing
@testable import Store

@Suite("Grant batches")
struct BatchTests {
    let all = AccessGrant(app: "test", sources: ["*"], evidence: true)

    /// Every batch from `position` on.
    func drain(_ store: IndexStore, grant: AccessGrant, after position: Int64 = 0) throws -> [CaptureBatch] {
        var batches: [CaptureBatch] = []
        var position = position
        while let batch = try store.nextBatch(for: grant, after: position) {
            batches.append(batch)
            position = CaptureBatch.position(of: batch.id) ?? -1
        }
        return batches
    }

    @Test("About a hundred items a batch, bat_ ids, every capture once")
    func slices() throws {
        let store = try IndexStore.inMemory()
        try store.write(Records.many(250))
        let batches = try drain(store, grant: all)
        #expect(batches.map(\.items.count) == [100, 100, 50])
        #expect(batches.allSatisfy { $0.id.hasPrefix("bat_") })
        let ids = batches.flatMap(\.items).map(\.id)
        #expect(ids.count == 250 && Set(ids).count == 250)
        #expect(batches[0].items[0].labels == ["dog"])
    }

    @Test("Labels only with evidence; only the grant's sources")
    func evidenceAndSources() throws {
        let store = try IndexStore.inMemory()
        try store.write(Records.many(3) + Records.many(2, prefix: "dl", source: "downloads"))
        let blind = AccessGrant(app: "t", sources: ["downloads"], evidence: false)
        let items = try drain(store, grant: blind).flatMap(\.items)
        #expect(items.map(\.id) == ["downloads:dl-00000.jpg", "downloads:dl-00001.jpg"])
        #expect(items.allSatisfy { $0.labels == nil })
    }

    @Test("Held and out-of-focus captures are left out; a moment is one item")
    func leftOut() throws {
        let index = try SearchLibrary.make()
        let items = try drain(index.store, grant: all).flatMap(\.items).map(\.id)
        #expect(!items.contains("photos:blurred.jpg"))
        #expect(!items.contains("photos:passport.jpg"))
        #expect(items.filter { $0.hasPrefix("photos:burst/") } == ["photos:burst/b.jpg"])
        #expect(items.count == 5)
    }

    @Test("Resuming from a batch id gives exactly what came after, nothing twice")
    func resumes() throws {
        let store = try IndexStore.inMemory()
        try store.write(Records.many(150))
        let first = try #require(try store.nextBatch(for: all, after: 0))
        try store.write(Records.many(30, prefix: "new"))
        let rest = try drain(store, grant: all, after: try #require(CaptureBatch.position(of: first.id)))
        let ids = first.items.map(\.id) + rest.flatMap(\.items).map(\.id)
        #expect(ids.count == 180 && Set(ids).count == 180)
        #expect(try store.nextBatch(for: all, after: CaptureBatch.position(of: rest.last!.id)!) == nil)
        #expect(CaptureBatch.position(of: "bat_zz") == Int64(36 * 36 - 1))
        #expect(CaptureBatch.position(of: "nope") == nil)
    }
}

@Suite("Places off")
struct PlacesOffTests {
    @Test("Places off leaves no coordinate or city anywhere in the index file, now or for captures indexed later")
    func noCoordinatesInFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("index.sqlite")
        let store = try IndexStore(path: path)
        let latitude = 47.376_886_123_4, longitude = 8.541_694_987_6
        try store.write([Records.record("zurich.jpg", text: ["lake"], location: GeoPoint(latitude: latitude,
                                                                                         longitude: longitude))])
        try store.write { db in
            try db.execute("UPDATE places SET city = 'Zurichtownxyz', country = 'Switzerland', place_key = 'zurich'")
        }
        #expect(try store.read { db in try db.integer("SELECT count(*) FROM visits") } == 1)
        func fileHolds(_ needles: [[UInt8]]) throws -> Bool {
            var bytes: [UInt8] = []
            for file in [path, path + "-wal"] where FileManager.default.fileExists(atPath: file) {
                bytes += [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
            }
            return needles.contains { needle in
                bytes.count >= needle.count
                    && (0...(bytes.count - needle.count)).contains { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
            }
        }
        func bigEndian(_ value: Double) -> [UInt8] { withUnsafeBytes(of: value.bitPattern.bigEndian, Array.init) }
        let needles = [bigEndian(latitude), bigEndian(longitude), Array("Zurichtownxyz".utf8)]
        #expect(try fileHolds(needles))
        try store.removeLocationData()
        #expect(try fileHolds(needles) == false)
        #expect(try store.placesOff)
        // A capture indexed afterwards loses its coordinates in the same transaction.
        try store.write([Records.record("later.jpg", location: GeoPoint(latitude: latitude, longitude: longitude))])
        #expect(try store.read { db in try db.integer("SELECT count(*) FROM places") } == 0)
        #expect(try store.read { db in try db.integer("SELECT count(*) FROM visits") } == 0)
        store.close()
        #expect(try fileHolds(needles) == false)
    }
}

@Suite("Grant batches: captures indexed again")
struct BatchRewriteTests {
    @Test("A capture written again moves to the end of the feed, once")
    func rewritten() throws {
        let store = try IndexStore.inMemory()
        try store.write(Records.many(3))
        try store.write([Records.many(1)[0]])
        let grant = AccessGrant(app: "t", sources: ["*"], evidence: false)
        let items = try #require(try store.nextBatch(for: grant, after: 0)).items.map(\.id)
        #expect(items == ["photos:img-00001.jpg", "photos:img-00002.jpg", "photos:img-00000.jpg"])
    }
}
