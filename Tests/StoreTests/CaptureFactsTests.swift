import Captures
import Foundation
import Runner
import Testing
@testable import Store

/// `capture_facts` (the narrow rows search judges and counts by) must always say what the wide tables say.
@Suite("Capture facts")
struct CaptureFactsTests {
    /// Rows of `capture_facts` and the same facts computed from `captures`, `capture_holds`, `places`, `codes` and
    /// `labels` (labels sorted, so the order they were joined in does not matter).
    static func factsAndTruth(_ store: IndexStore) throws -> (facts: [String], truth: [String]) {
        try store.read { db in
            let columns = "capture, id, moment, moment_representative, out_of_focus, held, source, kind, date, city, has_code"
            func rows(_ sql: String) throws -> [String] {
                try db.query(sql) { row in
                    var fields = (0..<11).map { column -> String in
                        row.string(Int32(column)) ?? row.double(Int32(column)).map { "\($0)" } ?? "nil"
                    }
                    let labels = (row.string(11) ?? "").split(separator: "\u{1F}").map(String.init).sorted()
                    fields.append(labels.joined(separator: ","))
                    return fields.joined(separator: "|")
                }
            }
            let facts = try rows("SELECT \(columns), labels FROM capture_facts ORDER BY capture")
            let truth = try rows("""
                SELECT c.rowid AS capture, c.id, c.moment, c.moment_representative, c.out_of_focus,
                       EXISTS (SELECT 1 FROM capture_holds WHERE capture_id = c.id) AS held, c.source, c.kind, c.date,
                       (SELECT city FROM places WHERE capture_id = c.id) AS city,
                       EXISTS (SELECT 1 FROM codes WHERE capture_id = c.id) AS has_code,
                       (SELECT group_concat(name, char(31)) FROM labels WHERE capture_id = c.id)
                FROM captures AS c ORDER BY c.rowid
                """)
            return (facts, truth)
        }
    }

    @Test("Triggers keep the facts in step through writes, rewrites, holds, places, moments and forgetting",
          arguments: IndexLocation.allCases)
    func keptInStep(_ location: IndexLocation) async throws {
        let index = try SearchLibrary.make(location)
        let store = index.store
        func check(_ step: String, empty: Bool = false) throws {
            let (facts, truth) = try Self.factsAndTruth(store)
            #expect(facts == truth, "after \(step)")
            #expect(facts.isEmpty == empty, "after \(step)")
        }
        try check("the library's first slice")
        // Rewritten with other labels, no code, another kind and a place with a city.
        var rewritten = PlacesStoreTests.shot("tickets/train.png", hours: 1, PlacesStoreTests.paris, source: "downloads")
        rewritten.labels = CaptureLabels(labels: [CaptureLabel(name: "ticket", confidence: 0.7),
                                                  CaptureLabel(name: "train", confidence: 0.6)])
        try store.write([rewritten])
        try check("a rewrite")
        try store.hold(capture: "downloads:tickets/train.png", reason: "test")
        try check("a hold")
        try store.hold(capture: "photos:passport.jpg", reason: nil)
        try check("a release")
        try await LibraryChangeSteps.placesMomentsForgettingRebuild(store) { try check($0, empty: $1) }
    }

    @Test("Opening an index made before the facts table fills it from the captures already there")
    func migrationFills() throws {
        let index = try SearchLibrary.make(.file)
        try index.store.write { db in
            try db.execute("DELETE FROM capture_facts")
            try IndexSchema.addCaptureFactsRows(db)
        }
        let (facts, truth) = try Self.factsAndTruth(index.store)
        #expect(facts == truth && facts.count == 8)
    }
}
