import Captures
import Foundation
import Runner
import Testing
@testable import Store

@Suite("Schema: derived data only")
struct SchemaTests {
    /// The columns of every table the store owns (FTS5's shadow tables hold the search index itself).
    func columns(_ store: IndexStore) throws -> [(table: String, column: String, type: String)] {
        let rows: [[String]] = try store.read { db in
            try db.query("""
                SELECT m.name, p.name, p.type FROM sqlite_schema AS m, pragma_table_info(m.name) AS p
                WHERE m.type = 'table' AND m.name NOT LIKE 'captures_search%' AND m.name NOT LIKE 'search_fields_fts%'
                    AND m.name NOT LIKE 'sqlite_%'
                ORDER BY m.name, p.cid
                """) { [$0.string(0) ?? "", $0.string(1) ?? "", $0.string(2) ?? ""] }
        }
        return rows.map { ($0[0], $0[1], $0[2]) }
    }

    @Test("The only BLOB columns are a code's payload and a vector's values")
    func onlyAllowedBlobs() throws {
        let store = try IndexStore.inMemory()
        let blobs = try columns(store).filter { $0.type.uppercased() == "BLOB" }.map { "\($0.table).\($0.column)" }
        #expect(blobs == ["codes.payload", "vectors.data"])
    }

    @Test("Given full records written, then no other column holds a BLOB value and no value is image-sized")
    func noImageBytesStored() throws {
        let store = try IndexStore.inMemory()
        try store.write([Records.record("a.jpg", text: ["x"], codes: [Records.code("QRCode", [1, 2, 3], text: nil)],
                                        labels: [CaptureLabel(name: "dog", confidence: 1)], fingerprint: 1,
                                        focus: FocusMeasure(sharpness: 1, outOfFocus: false),
                                        vector: ImageVector(model: "m", values: [Float](repeating: 0.1, count: 512)))])
        for (table, column, _) in try columns(store) where !["codes.payload", "vectors.data"].contains("\(table).\(column)") {
            let blobs = try store.read { db in
                try db.integer("SELECT count(*) FROM \(table) WHERE typeof(\(column)) = 'blob'")
            }
            #expect(blobs == 0, "\(table).\(column)")
        }
        let largest = try store.read { db in try db.integer("SELECT max(length(data)) FROM vectors") }
        #expect(largest == Int64(512 * 4))
    }

    @Test("The initial schema has the tables the pipeline needs, and a sound index reports no problem")
    func tables() throws {
        let store = try IndexStore.inMemory()
        let tables = Set(try columns(store).map(\.table))
        #expect(tables == ["captures", "codes", "labels", "vectors", "failures", "status", "settings",
                           "schema_migrations", "places", "search_fields", "capture_holds", "capture_feed",
                           "capture_facts", "capture_facts_log", "capture_facts_log_state"])
        try store.write(Records.many(10))
        #expect(try store.integrityProblems() == [])
    }

    @Test("A search entry left without its capture is reported")
    func detectsOrphanSearchEntry() throws {
        let store = try IndexStore.inMemory()
        try store.write(Records.many(2))
        try store.write { db in try db.execute("INSERT INTO captures_search (rowid, text) VALUES (999, 'x')") }
        #expect(try store.integrityProblems() == ["search index: 1 entries for captures not in the index"])
    }
}
