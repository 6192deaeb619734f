import Captures
import Foundation
import Runner
import Testing
import TestSupport
@testable import Store

@Suite("Facts mirror")
struct FactsMirrorTests {
    /// The same exactly ranked search with its facts from the mirror and joined in SQL; both must be equal.
    static func expectSame(_ store: IndexStore, _ request: SearchRequest, options: IndexOptions = IndexOptions(),
                           now: Date, _ comment: Comment) throws -> SearchResults {
        let mirrored = try store.search(request, options: options, now: now, deferringFrom: 0, cached: false,
                                        mirrored: .always)
        let joined = try store.search(request, options: options, now: now, deferringFrom: 0, cached: false,
                                      mirrored: .never)
        let every = try store.search(request, options: options, now: now, deferringFrom: .max, cached: false,
                                     mirrored: .never)
        #expect(mirrored == joined, comment)
        #expect(mirrored == every, comment)
        return mirrored
    }

    @Test("Each row of the mirror holds capture_facts' values as the SQL conditions test them")
    func holdsTheTable() throws {
        let store = try DeferredRankingTests.store()
        try store.read { db in
            let mirror = try #require(try IndexStore.buildFactsMirror(in: db))
            var rows = 0
            try db.forEachRow("""
                SELECT capture, moment_representative = 0, moment_representative = 1, out_of_focus IS 1, held = 0,
                       has_code != 0, source, kind, city, date, labels, size, \(IndexStore.representative)
                FROM capture_facts AS c
                """) { row in
                let capture = row.int64(0) ?? -1
                guard let index = mirror.index(of: capture) else {
                    Issue.record("row \(capture) missing")
                    return
                }
                let flags = mirror.flags[index]
                #expect(flags.contains(.member) == (row.int64(1) == 1))
                #expect(flags.contains(.representative) == (row.int64(2) == 1))
                #expect(flags.contains(.outOfFocus) == (row.int64(3) == 1))
                #expect(flags.contains(.notHeld) == (row.int64(4) == 1))
                #expect(flags.contains(.codeTrue) == (row.int64(5) == 1))
                #expect(mirror.sources.values[Int(mirror.source[index])] == Array((row.string(6) ?? "").utf8))
                #expect(mirror.kinds.values[Int(mirror.kind[index])] == Array((row.string(7) ?? "").utf8))
                let city = mirror.city[index]
                #expect(city == 0 ? row.isNull(8) : mirror.cities.values[Int(city) - 1] == Array((row.string(8) ?? "").utf8))
                #expect(mirror.date[index] == row.double(9))
                let labels = mirror.rowLabels(at: index).map { String(decoding: mirror.labels.values[Int($0)], as: UTF8.self) }
                #expect(flags.contains(.labelled) == !row.isNull(10))
                #expect(labels.joined(separator: "\u{1F}") == (row.string(10) ?? ""))
                #expect(Int64(mirror.size[index]) == (row.int64(11) ?? -1))
                if flags.contains(.member) { #expect(mirror.representatives[capture] == row.int64(12)) }
                rows += 1
            }
            #expect(rows == 600)
            #expect(mirror.representatives.count > 10)
        }
    }

    @Test("Answers from the mirror equal the joined ones, for every option and filter the predicate decides")
    func sameAnswers() throws {
        let store = try DeferredRankingTests.store()
        let now = Records.baseDate.addingTimeInterval(3 * 86_400)
        let cities: [String] = try store.read { db in
            try db.query("SELECT DISTINCT city FROM capture_facts WHERE city IS NOT NULL ORDER BY city") { $0.string(0) ?? "" }
        }
        let optionsList = [IndexOptions(), IndexOptions(focus: .screenshots), IndexOptions(focus: .photos),
                           IndexOptions(focus: .sources(["camera"])), IndexOptions(focus: .sources([])),
                           IndexOptions(windowDays: 2), IndexOptions(places: false),
                           IndexOptions(maximumAssets: 100)]
        var filtersList: [SearchFilters] = [
            SearchFilters(), SearchFilters(labels: ["gamma"]), SearchFilters(labels: ["gamma", "label1"]),
            SearchFilters(labels: ["nobody"]), SearchFilters(labels: ["gamma\u{1F}label1"]),
            SearchFilters(sources: ["camera", "nowhere"]), SearchFilters(kinds: ["photo"]),
            SearchFilters(cities: Array(cities.prefix(1)) + ["Atlantis"]),
            SearchFilters(from: Records.baseDate.addingTimeInterval(3_600 * 10)),
            SearchFilters(until: Records.baseDate.addingTimeInterval(3_600 * 20)),
            SearchFilters(hasCode: false), SearchFilters(hasCode: true),
            SearchFilters(facets: ["lead": ["product"]]),
        ]
        filtersList.append(SearchFilters(labels: ["label2"], sources: ["photos"], kinds: ["screenshot"],
                                         from: Records.baseDate, until: Records.baseDate.addingTimeInterval(86_400 * 5)))
        var decided = 0
        for (index, filters) in filtersList.enumerated() {
            for (optionIndex, options) in optionsList.enumerated() {
                let words = ["alpha", "beta", "alpha beta", "gamma alpha"][(index + optionIndex) % 4]
                var request = SearchRequest(text: words, limit: [5, 20, 100][optionIndex % 3], facets: true)
                request.filters = filters
                request.offset = optionIndex % 4 == 3 ? 3 : 0
                _ = try Self.expectSame(store, request, options: options, now: now,
                                        "\(words), \(filters), \(options)")
                let mirror = try #require(try store.read { try store.factsMirror(.always, in: $0) })
                if FactsPredicate(options: options, now: now, filters: filters, mirror: mirror) != nil { decided += 1 }
            }
        }
        // All but maximumAssets (8 filters lists' worth), the declared facet and the separator in a label.
        #expect(decided == (filtersList.count - 2) * (optionsList.count - 1))
        #expect(try store.read { try store.factsMirror(.never, in: $0) } == nil)
    }

    @Test("Facet counts from the mirror equal a count by hand over every result")
    func facetsByHand() throws {
        let store = try DeferredRankingTests.store()
        let request = SearchRequest(text: "alpha", limit: 1_000, facets: true)
        let results = try Self.expectSame(store, request, now: Date(), "alpha")
        #expect(results.total == results.results.count && results.total > 100)
        let ids = results.results.map(\.id)
        let rows: [(kind: String, source: String, labels: [String])] = try store.read { db in
            try ids.map { id in
                try #require(try db.first("SELECT kind, source, labels FROM capture_facts WHERE id = ?", [.text(id)]) {
                    ($0.string(0) ?? "", $0.string(1) ?? "",
                     ($0.string(2) ?? "").split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init))
                })
            }
        }
        func counted(_ values: [String]) -> [String: Int] { values.reduce(into: [:]) { $0[$1, default: 0] += 1 } }
        func shown(_ facet: String) -> [String: Int] {
            Dictionary(uniqueKeysWithValues: (results.facets[facet] ?? []).map { ($0.value, $0.count) })
        }
        #expect(shown("kind") == counted(rows.map(\.kind)))
        #expect(shown("source") == counted(rows.map(\.source)))
        #expect(shown("label") == counted(rows.flatMap(\.labels)))
    }

    @Test("A write on this connection or a commit by another process is caught up with")
    func keptInStep() async throws {
        let folder = try TemporaryFolder()
        let path = folder.file("index.sqlite")
        let reader = try IndexStore(path: path)
        defer { reader.close() }
        try reader.write((0..<40).map { Records.record("r-\($0).jpg", text: ["common words \($0)"]) })
        let request = SearchRequest(text: "common", limit: 50, facets: true)
        let now = Date()
        #expect(try Self.expectSame(reader, request, now: now, "before").total == 40)
        let before = try #require(try reader.read { try reader.factsMirror(.afterFirst, in: $0) })
        // Another process's commit: a new capture, a hold.
        let writer = try IndexStore(path: path)
        try writer.write([Records.record("w.jpg", source: "downloads", text: ["common ground"])])
        try writer.hold(capture: "photos:r-3.jpg", reason: "test")
        writer.close()
        let after = try Self.expectSame(reader, request, now: now, "after another process")
        #expect(after.total == 40)
        #expect(after.facets["source"]?.contains(FacetCount(value: "downloads", count: 1)) == true)
        let rebuilt = try #require(try reader.read { try reader.factsMirror(.afterFirst, in: $0) })
        #expect(rebuilt.capacity > before.capacity)
        // This connection's own write.
        try reader.hold(capture: "photos:r-4.jpg", reason: "test")
        #expect(try Self.expectSame(reader, request, now: now, "after this connection").total == 39)
        // Once built, brought up to date by the rows written since, never built again.
        try reader.hold(capture: "photos:r-5.jpg", reason: "test")
        #expect(try reader.read { try reader.factsMirror(.afterFirst, in: $0) } != nil)
        #expect(reader.factsMirror.withLock { ($0.builds, $0.refreshes) } == (1, 3))
        // Not built for the first search wanting it; for the second, on a connection of its own, while it joins.
        reader.forgetFactsMirror()
        #expect(try reader.read { try reader.factsMirror(.afterFirst, in: $0) } == nil)
        #expect(try reader.read { try reader.factsMirror(.afterFirst, in: $0) } == nil)
        await reader.finishBuildingFactsMirror()
        #expect(try reader.read { try reader.factsMirror(.afterFirst, in: $0) } != nil)
        #expect(reader.factsMirror.withLock { ($0.builds, $0.refreshes) } == (1, 0))
    }
}
