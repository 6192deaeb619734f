import Captures
import Foundation
import Runner
import Testing
import TestSupport
@testable import Store

/// The mirror brought up to date from `capture_facts_log` equals a fresh build, row by row, after every kind of
/// write; and every answer read from it equals the join's.
@Suite("Facts mirror refresh")
struct FactsMirrorRefreshTests {
    /// One row of a mirror with its values as bytes (numbers differ between mirrors made in another order).
    struct Decoded: Equatable, CustomStringConvertible {
        var flags: UInt16
        var source: [UInt8], kind: [UInt8], city: [UInt8]?
        var date: Double, month: Int32, size: Int32
        var labels: [[UInt8]]
        var representative: Int64?
        var description: String {
            "flags \(flags) \(String(decoding: source, as: UTF8.self)) \(String(decoding: kind, as: UTF8.self)) "
                + "city \(city.map { String(decoding: $0, as: UTF8.self) } ?? "nil") date \(date) size \(size) "
                + "labels \(labels.map { String(decoding: $0, as: UTF8.self) }) representative \(representative ?? -1)"
        }
    }

    static func decoded(_ mirror: FactsMirror) -> [Int64: Decoded] {
        var rows: [Int64: Decoded] = [:]
        for rowid in 0..<Int64(mirror.capacity) {
            guard let index = mirror.index(of: rowid) else { continue }
            let city = mirror.city[index]
            rows[rowid] = Decoded(
                flags: mirror.flags[index].rawValue, source: mirror.sources.values[Int(mirror.source[index])],
                kind: mirror.kinds.values[Int(mirror.kind[index])],
                city: city == 0 ? nil : mirror.cities.values[Int(city) - 1], date: mirror.date[index],
                month: mirror.month[index], size: mirror.size[index],
                labels: mirror.rowLabels(at: index).map { mirror.labels.values[Int($0)] },
                representative: mirror.representatives[rowid])
        }
        return rows
    }

    /// How the store's mirror was made current so far.
    static func counts(_ store: IndexStore) -> (builds: Int, refreshes: Int) {
        store.factsMirror.withLock { ($0.builds, $0.refreshes) }
    }

    /// How the kept mirror is expected to be made current.
    enum Catching: Equatable {
        /// Rows read again from the log.
        case refreshed
        /// Built again.
        case built
        /// Nothing to do (no facts changed).
        case current
    }

    /// Brings the kept mirror up to date (`catching`) and compares it, row by row, with a mirror built afresh in
    /// the same transaction; then compares answers with the join's.
    static func expectCurrent(_ store: IndexStore, _ comment: Comment, catching: Catching = .refreshed,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = counts(store)
        let (kept, fresh) = try store.read { db in
            (try store.factsMirror(.always, in: db), try IndexStore.buildFactsMirror(in: db))
        }
        let after = counts(store)
        let expected: (builds: Int, refreshes: Int) = switch catching {
        case .refreshed: (before.builds, before.refreshes + 1)
        case .built: (before.builds + 1, before.refreshes)
        case .current: (before.builds, before.refreshes)
        }
        #expect(after.builds == expected.builds && after.refreshes == expected.refreshes, comment,
                sourceLocation: sourceLocation)
        let keptRows = Self.decoded(try #require(kept, sourceLocation: sourceLocation))
        let freshRows = Self.decoded(try #require(fresh, sourceLocation: sourceLocation))
        #expect(keptRows.count == freshRows.count, comment, sourceLocation: sourceLocation)
        for (rowid, row) in freshRows where keptRows[rowid] != row {
            let keptRow = keptRows[rowid].map(String.init(describing:)) ?? "none"
            Issue.record("\(comment): row \(rowid) kept \(keptRow), built \(row)", sourceLocation: sourceLocation)
        }
        for rowid in keptRows.keys where freshRows[rowid] == nil {
            Issue.record("\(comment): row \(rowid) kept but gone", sourceLocation: sourceLocation)
        }
        #expect(Set(kept!.representatives.keys) == Set(fresh!.representatives.keys), comment,
                sourceLocation: sourceLocation)
        try expectSameAnswers(store, comment)
    }

    /// A few words, filters and options, each answered from the mirror and by the join.
    static func expectSameAnswers(_ store: IndexStore, _ comment: Comment) throws {
        let now = Records.baseDate.addingTimeInterval(3 * 86_400)
        let options = [IndexOptions(), IndexOptions(focus: .screenshots), IndexOptions(windowDays: 2),
                       IndexOptions(focus: .sources(["camera"]))]
        let filters = [SearchFilters(), SearchFilters(labels: ["gamma"]), SearchFilters(hasCode: true),
                       SearchFilters(cities: ["Milan", "Rome"])]
        for (index, words) in ["alpha", "beta", "alpha beta", "gamma alpha"].enumerated() {
            var request = SearchRequest(text: words, limit: 20, facets: true)
            request.filters = filters[index]
            _ = try FactsMirrorTests.expectSame(store, request, options: options[index], now: now,
                                                "\(comment): \(words)")
        }
    }

    /// A record for `DeferredRankingTests.store()`'s words, in moment `moment` (of that store's) when given.
    static func record(_ name: String, source: String = "photos", words: String, label: String,
                       moment: Int? = nil, sharpness: Double = 3, location: GeoPoint? = nil,
                       codes: [ReadCode]? = nil) -> CaptureRecord {
        var record = Records.record(
            name, source: source, text: [words], codes: codes, labels: [CaptureLabel(name: label, confidence: 0.7)],
            fingerprint: moment.map { 0xF0F0_F0F0_0F0F_0F0F ^ UInt64($0) << 40 },
            focus: FocusMeasure(sharpness: sharpness, outOfFocus: false), location: location,
            date: Records.baseDate.addingTimeInterval(moment.map { Double($0) * 86_400 + 1 } ?? 7_200))
        record.metadata.kind = .screenshot
        return record
    }

    @Test("Inserts, rewrites, holds, codes, labels, deletes and moments: the refreshed mirror equals a fresh build")
    func writesOnThisConnection() throws {
        let store = try DeferredRankingTests.store()
        #expect(try store.prepareForSearching())
        #expect(Self.counts(store) == (1, 0))
        try Self.expectCurrent(store, "nothing written", catching: .current)
        // New captures, two joining existing moments (one sharper than the rest: a new representative).
        try store.write([
            Self.record("new-1.jpg", words: "alpha beta new", label: "gamma"),
            Self.record("new-2.jpg", source: "camera", words: "alpha alpha", label: "fresh",
                        location: GeoPoint(latitude: 45.46, longitude: 9.19),
                        codes: [Records.code("QRCode", [1], text: "alpha code")]),
            Self.record("new-3.jpg", words: "alpha moment", label: "label1", moment: 3, sharpness: 99),
            Self.record("new-4.jpg", words: "beta moment", label: "label2", moment: 7, sharpness: 0),
        ])
        try Self.expectCurrent(store, "inserted")
        // The same captures written again with other facts.
        try store.write([
            Self.record("img-12.jpg", source: "camera", words: "alpha rewritten", label: "other"),
            Self.record("new-1.jpg", words: "beta only", label: "label3",
                        codes: [Records.code("EAN13", [2], text: "beta")]),
        ])
        try Self.expectCurrent(store, "rewritten")
        try store.hold(capture: "photos:new-1.jpg", reason: "test")
        try store.hold(capture: "photos:img-8.jpg", reason: "test")
        try Self.expectCurrent(store, "held")
        try store.hold(capture: "photos:img-8.jpg", reason: nil)
        try store.hold(capture: "photos:img-7.jpg", reason: nil)
        try Self.expectCurrent(store, "released")
        try store.setSearchText("alpha beta links", field: SearchField("links"), capture: "photos:img-10.jpg")
        try Self.expectCurrent(store, "search text of a declared field (no facts changed)", catching: .current)
        // Deleting a moment's representative (its members regrouped) and plain captures.
        let representative: String = try #require(try store.read { db in
            try db.first("SELECT id FROM capture_facts WHERE moment_representative = 1 AND moment IS NOT NULL LIMIT 1") {
                $0.string(0)
            } ?? nil
        })
        try store.forgetCaptures([CaptureID(representative)], source: String(representative.split(separator: ":")[0]))
        try store.forgetCaptures([CaptureID("photos:img-1.jpg"), CaptureID("photos:new-4.jpg")], source: "photos")
        try store.forgetCaptures([CaptureID("camera:new-2.jpg")], source: "camera")
        try Self.expectCurrent(store, "deleted")
        #expect(Self.counts(store).builds == 1)
    }

    @Test("Places off, rebuild and writing again are caught up with; a pruned log makes it build again")
    func optionsRebuildAndPruning() throws {
        let store = try DeferredRankingTests.store()
        #expect(try store.prepareForSearching())
        // The places stage names cities (the places' triggers set them in the facts).
        try store.write { db in
            try db.execute("UPDATE places SET city = CASE WHEN rowid % 2 = 0 THEN 'Milan' ELSE 'Rome' END")
        }
        try Self.expectCurrent(store, "cities named")
        #expect(try store.read { try store.factsMirror(.always, in: $0)!.cities.count } == 2)
        try store.removeLocationData()
        try Self.expectCurrent(store, "places off")
        #expect(try store.read { try IndexStore.buildFactsMirror(in: $0)!.cities.count } == 0)
        try store.rebuild()
        try Self.expectCurrent(store, "rebuilt (empty)")
        try store.write((0..<50).map { Self.record("again-\($0).jpg", words: "alpha again \($0)", label: "gamma",
                                                     moment: $0 % 5 == 0 ? $0 / 5 : nil, sharpness: Double($0)) })
        try Self.expectCurrent(store, "written again after the rebuild")
        // The log pruned past the mirror's position (as it is after 50,000 more entries): built again.
        try store.write([Self.record("late.jpg", words: "alpha late", label: "late")])
        try store.write { db in
            try db.execute("""
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
                INSERT INTO capture_facts_log (capture, moment) SELECT 0, NULL FROM n
                """, [.integer(IndexSchema.factsLogKept + IndexSchema.factsLogPruneEvery)])
        }
        let (entries, pruned) = try store.read { db in
            (try db.integer("SELECT count(*) FROM capture_facts_log") ?? 0,
             try IndexSchema.factsLogPosition(in: db).prunedThrough)
        }
        #expect(entries < IndexSchema.factsLogKept + IndexSchema.factsLogPruneEvery && pruned > 0)
        try Self.expectCurrent(store, "log pruned", catching: .built)
        try store.hold(capture: "photos:again-3.jpg", reason: "test")
        try Self.expectCurrent(store, "after the rebuild from a pruned log")
    }

    @Test("Another connection's commits are caught up with row by row")
    func anotherConnection() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("index.sqlite")
        let reader = try IndexStore(path: path)
        defer { reader.close() }
        try reader.write((0..<60).map { Self.record("r-\($0).jpg", words: "alpha beta \($0)", label: "label\($0 % 4)",
                                                     moment: $0 % 6 == 0 ? $0 / 6 : nil) })
        #expect(try reader.prepareForSearching())
        let writer = try IndexStore(path: path)
        defer { writer.close() }
        for slice in 0..<3 {
            try writer.write((0..<10).map { Self.record("w-\(slice)-\($0).jpg", source: "downloads",
                                                        words: "alpha gamma", label: "gamma",
                                                        moment: $0 == 0 ? slice : nil, sharpness: 50) })
            try writer.hold(capture: "photos:r-\(slice).jpg", reason: "test")
            try Self.expectCurrent(reader, "slice \(slice) by another connection")
        }
        try writer.forgetCaptures((0..<5).map { CaptureID("downloads:w-1-\($0).jpg") }, source: "downloads")
        try writer.removeLocationData()
        try Self.expectCurrent(reader, "deletes by another connection")
        #expect(Self.counts(reader).builds == 1)
    }

    @Test("Built in the background for the second search (both join), then caught up with later writes")
    func builtInTheBackground() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("index.sqlite")
        let store = try IndexStore(path: path)
        defer { store.close() }
        try store.write((0..<300).map { Self.record("b-\($0).jpg", words: "alpha beta \($0 % 7)", label: "gamma",
                                                      moment: $0 % 9 == 0 ? $0 / 9 : nil) })
        let request = SearchRequest(text: "alpha", limit: 10, facets: true)
        let now = Date()
        // Two searches that want the mirror: both join; the second starts the build.
        let first = try store.search(request, options: IndexOptions(), now: now, deferringFrom: 0, cached: false)
        let second = try store.search(request, options: IndexOptions(), now: now, deferringFrom: 0, cached: false)
        #expect(first == second)
        await store.finishBuildingFactsMirror()
        #expect(Self.counts(store) == (1, 0))
        try Self.expectCurrent(store, "built in the background", catching: .current)
        // Writes after it was built: the next search catches up from the position it was built at.
        try store.write([Self.record("late-1.jpg", words: "alpha late", label: "late", moment: 2, sharpness: 80)])
        try store.hold(capture: "photos:b-4.jpg", reason: "test")
        try Self.expectCurrent(store, "written after the background build")
    }
}
