import Foundation
import Testing
@testable import Store

/// The migrations of issue 11 on an index written before them.
@Suite("Migrations: capture facts")
struct FactsMigrationTests {
    @Test("coordinates move into places; moments of two file times are dissolved")
    func olderIndex() throws {
        let queue = try DatabaseQueue(path: ":memory:")
        let all = IndexSchema.migrator.migrations
        let firstNew = try #require(all.firstIndex { $0.name == "2026-12-01-facts-moments-capture-time" })
        #expect(try DatabaseMigrator(Array(all[..<firstNew])).migrate(queue).count == firstNew)
        try queue.write { db in
            for (id, lat) in [("a", 48.85 as Double?), ("b", nil)] {
                try db.execute("""
                    INSERT INTO captures (id, source, path, signature, date, date_source, lat, lon, width, height, kind,
                                          format, fingerprint, sharpness, indexed_at, moment, moment_representative)
                    VALUES (?, 'photos', ?, 's', 1000, 'file', ?, 2.35, 10, 10, 'screenshot', 'png', 7, 1, 0, 'a', ?)
                    """, [.text(id), .text(id + ".png"), DatabaseValue(lat), .integer(id == "a" ? 1 : 0)])
            }
        }
        #expect(try IndexSchema.migrator.migrate(queue) == all[firstNew...].map(\.name))
        try queue.read { db in
            let places = try db.query("SELECT capture_id, lat, lon FROM places") {
                "\($0.string(0) ?? "null") \($0.double(1) ?? -1) \($0.double(2) ?? -1)"
            }
            #expect(places == ["a 48.85 2.35"])
            let columns = try db.query("SELECT name FROM pragma_table_info('captures')") { $0.string(0) ?? "" }
            #expect(!columns.contains("lat") && !columns.contains("lon") && !columns.contains("city"))
            #expect(try db.query("SELECT moment, moment_representative FROM captures ORDER BY id") {
                "\($0.string(0) ?? "null") \($0.int(1) ?? -1)"
            } == ["null 1", "null 1"])
        }
    }
}
