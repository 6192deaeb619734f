import Captures
import Foundation
import Runner
import Testing
@testable import Store

/// `capture_facts.size` (each capture's tokens, kept by the writers of `captures_search`) must always equal what
/// FTS5's docsize records sum to: exact ranking divides by it.
@Suite("Capture facts: sizes")
struct FactsSizeTests {
    /// Each capture's `size` and the sum of its docsize record, by search rowid ("nil" where missing).
    static func sizesAndTruth(_ store: IndexStore) throws -> (sizes: [String], truth: [String]) {
        try store.read { db in
            let sizes = try db.query("SELECT capture, size FROM capture_facts ORDER BY capture") {
                "\($0.int64(0) ?? -1) \($0.int64(1).map(String.init) ?? "nil")"
            }
            let truth = try db.query("""
                SELECT c.capture, d.sz FROM capture_facts AS c
                LEFT JOIN captures_search_docsize AS d ON d.id = c.capture ORDER BY c.capture
                """) { row in
                "\(row.int64(0) ?? -1) \(row.blobBytes(1).flatMap(BM25Bound.varintSum).map(String.init) ?? "nil")"
            }
            return (sizes, truth)
        }
    }

    /// A family whose part adds search words later (`writeLatePart`), as the naming stage's later pass does.
    static let notes = StoredFamily(
        name: "notes", part: String.self, tables: ["notes"],
        migrations: [Migration("2026-12-02-test-notes") { db in
            try db.execute("""
                CREATE TABLE notes (capture_id TEXT PRIMARY KEY NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
                                    value TEXT NOT NULL) STRICT
                """)
        }],
        write: { value, id, db in
            try db.execute("INSERT INTO notes (capture_id, value) VALUES (?, ?)", [.text(id), .text(value)])
        },
        export: { _, _ in [:] },
        searchText: { $0 })

    @Test("Writers keep the sizes through writes, rewrites, later parts, holds, places, moments, forgetting, rebuild",
          arguments: IndexLocation.allCases)
    func keptInStep(_ location: IndexLocation) async throws {
        let index = try SearchLibrary.make(location)
        let store = index.store
        try store.attach([Self.notes])
        func check(_ step: String, empty: Bool = false) throws {
            let (sizes, truth) = try Self.sizesAndTruth(store)
            #expect(sizes == truth, "after \(step)")
            #expect(sizes.isEmpty == empty, "after \(step)")
            #expect(!sizes.contains { $0.hasSuffix(" nil") }, "after \(step)")
        }
        try check("the library's first slice")
        var rewritten = PlacesStoreTests.shot("tickets/train.png", hours: 1, PlacesStoreTests.paris, source: "downloads")
        rewritten.text = CaptureText(lines: [TextLine(text: "a much longer ticket text than before, with many words",
                                                      box: NormalizedRect(x: 0, y: 0, width: 1, height: 1),
                                                      confidence: 0.9)])
        rewritten.labels = CaptureLabels(labels: [CaptureLabel(name: "ticket", confidence: 0.7)])
        try store.write([rewritten])
        try check("a rewrite with longer text")
        let added = try store.write { db in
            try store.writeLatePart("three more words", family: "notes", capture: "downloads:tickets/train.png",
                                    in: db)
        }
        #expect(added)
        try check("a later part adding words")
        try store.hold(capture: "downloads:tickets/train.png", reason: "test")
        try check("a hold")
        try await LibraryChangeSteps.placesMomentsForgettingRebuild(store) { try check($0, empty: $1) }
    }

    @Test("Opening an index made before the sizes fills them from FTS5's docsize records")
    func migrationFills() throws {
        let index = try SearchLibrary.make(.file)
        try index.store.write { db in
            try db.execute("UPDATE capture_facts SET size = NULL")
            try IndexSchema.fillFactsSizes(db)
        }
        let (sizes, truth) = try Self.sizesAndTruth(index.store)
        #expect(sizes == truth && sizes.count == 8)
        #expect(!sizes.contains { $0.hasSuffix(" nil") })
    }

    @Test("The migration runs on an index of the previous schema and fills every size")
    func migrationOnOlderIndex() throws {
        let queue = try DatabaseQueue(path: ":memory:")
        let all = IndexSchema.migrator.migrations
        let firstNew = try #require(all.firstIndex { $0.name == "2026-12-02-search-facts-size" })
        #expect(try DatabaseMigrator(Array(all[..<firstNew])).migrate(queue).count == firstNew)
        try queue.write { db in
            for (index, text) in ["one two three", "four five", ""].enumerated() {
                try db.execute("""
                    INSERT INTO captures (id, source, path, signature, date, date_source, width, height, kind, format,
                                          indexed_at)
                    VALUES (?, 'photos', ?, 's', 1000, 'file', 10, 10, 'photo', 'png', 0)
                    """, [.text("photos:\(index).png"), .text("\(index).png")])
                try db.execute("INSERT INTO captures_search (rowid, text, labels, path) VALUES (?, ?, '', ?)",
                               [.integer(Int64(index + 1)), .text(text), .text("\(index).png")])
            }
        }
        #expect(try IndexSchema.migrator.migrate(queue).contains("2026-12-02-search-facts-size"))
        let sizes = try queue.read { db in
            try db.query("SELECT size FROM capture_facts ORDER BY capture") { $0.int64(0) ?? -1 }
        }
        #expect(sizes == [5, 4, 2])     // the text's words plus the path's two ("0", "png")
    }
}
