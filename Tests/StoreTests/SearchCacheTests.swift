import Captures
import Foundation
import Runner
import Testing
import TestSupport
@testable import Store

@Suite("Search cache")
struct SearchCacheTests {
    /// The store's cache hits and misses so far.
    static func lookups(_ store: IndexStore) -> (hits: Int, misses: Int) {
        store.searchCache.withLock { ($0.hits, $0.misses) }
    }

    /// A common-word search through the cache (deferred, streamed), the same computed without it (deferred, and
    /// every match ranked through the temporary table), and every match ranked with the page from a kept tally:
    /// all must be equal.
    static func expectExact(_ store: IndexStore, _ request: SearchRequest, options: IndexOptions = IndexOptions(),
                            now: Date = Date(), _ comment: Comment) throws -> SearchResults {
        let cached = try store.search(request, options: options, now: now, deferringFrom: 0)
        let fresh = try store.search(request, options: options, now: now, deferringFrom: 0, cached: false)
        let every = try store.search(request, options: options, now: now, deferringFrom: .max, cached: false)
        let everyKept = try store.search(request, options: options, now: now, deferringFrom: .max)
        #expect(cached == fresh, comment)
        #expect(cached == every, comment)
        #expect(everyKept == every, comment)
        return cached
    }

    @Test("Kept entries: the most recent few, none of an older generation, each hit moved to the end")
    func keyedAndBounded() {
        typealias Key = SearchCache<Int>.Key
        func key(_ expression: String, generation: UInt64 = 1, version: Int64 = 1, _ arguments: [DatabaseValue] = [])
            -> Key {
            Key(writeGeneration: generation, dataVersion: version, expression: expression, phrase: nil, shown: "1",
                arguments: arguments, facets: true, deferringFrom: 0)
        }
        var cache = SearchCache<Int>(capacity: 2)
        cache.store(1, for: key("a"))
        cache.store(2, for: key("b"))
        #expect(cache.value(for: key("a")) == 1)
        cache.store(3, for: key("c"))          // "b" was the least recently used
        #expect(cache.value(for: key("b")) == nil)
        #expect(cache.value(for: key("a")) == 1 && cache.value(for: key("c")) == 3)
        #expect(cache.value(for: key("a", [.real(1)])) == nil)
        #expect(cache.value(for: key("a", generation: 2)) == nil)
        #expect(cache.entries.isEmpty)         // every entry was of generation 1
        cache.store(4, for: key("a", version: 5))
        #expect(cache.value(for: key("a", version: 6)) == nil && cache.entries.isEmpty)
        #expect(cache.hits == 3)
    }

    @Test("A repeated common-word search, another page of it and the same query again are answered from the cache")
    func repeatedSearchesHit() throws {
        let store = try DeferredRankingTests.store()
        var request = SearchRequest(text: "alpha beta", limit: 10, facets: true)
        let first = try Self.expectExact(store, request, "first")
        #expect(Self.lookups(store) == (0, 2))      // deferred, and ranked per match (`deferringFrom: .max`)
        // The same page again: the answer itself (the tally is not even looked up).
        #expect(try store.search(request, options: IndexOptions(), now: Date(), deferringFrom: 0) == first)
        #expect(Self.lookups(store) == (0, 2) && store.answerCache.withLock { $0.hits } == 1)
        request.offset = 10
        request.limit = 25
        _ = try Self.expectExact(store, request, "second page")
        request.filters.kinds = ["screenshot"]
        _ = try Self.expectExact(store, request, "a filter: another tally")
        #expect(Self.lookups(store) == (2, 4))
        #expect(first.total > 100 && first.facets["label"]?.isEmpty == false)
        // Without facets: its own tally (facets are not counted), and the same page.
        request.facets = false
        let plain = try Self.expectExact(store, request, "no facets")
        #expect(plain.facets.isEmpty)
        // Words not deferred (ranked with bm25 per match through the temporary table): the answer is kept too.
        let content = SearchRequest(text: "delta eta", limit: 5, facets: true)
        let every = try store.search(content, options: IndexOptions(), now: Date(), deferringFrom: .max)
        let hits = store.answerCache.withLock { $0.hits }
        #expect(try store.search(content, options: IndexOptions(), now: Date(), deferringFrom: .max) == every)
        #expect(store.answerCache.withLock { $0.hits } == hits + 1)
        #expect(try store.search(content, options: IndexOptions(), now: Date(), deferringFrom: .max,
                                 cached: false) == every)
        // Its next page comes from the tally kept (every match's key), as the pass through the table gives it.
        var next = content
        next.offset = 5
        let tallyHits = Self.lookups(store).hits
        let nextPage = try store.search(next, options: IndexOptions(), now: Date(), deferringFrom: .max)
        #expect(Self.lookups(store).hits == tallyHits + 1)
        #expect(try nextPage == store.search(next, options: IndexOptions(), now: Date(), deferringFrom: .max,
                                             cached: false))
        #expect(every.total > 10 && nextPage.results.count == 5 && nextPage.total == every.total)
    }

    @Test("Cached counts stay exact across inserts, deletes, holds, declared fields and rebuild")
    func exactAcrossWrites() throws {
        let store = try DeferredRankingTests.store()
        let request = SearchRequest(text: "alpha", limit: 20, facets: true)
        var last = try Self.expectExact(store, request, "start")
        func after(_ what: String, total expected: (Int) -> Int, _ change: () throws -> Void) throws {
            _ = try store.search(request, options: IndexOptions(), now: Date(), deferringFrom: 0)   // cached
            try change()
            let now = try Self.expectExact(store, request, "\(what)")
            #expect(now.total == expected(last.total), "\(what): \(last.total) → \(now.total)")
            last = now
        }
        try after("insert", total: { $0 + 2 }) {
            try store.write([Records.record("new-1.jpg", text: ["alpha alpha alpha"]),
                             Records.record("new-2.jpg", text: ["alpha"], labels: [
                                 CaptureLabel(name: "fresh", confidence: 0.9)])])
        }
        #expect(last.facets["label"]?.contains(FacetCount(value: "fresh", count: 1)) == true)
        try after("hold", total: { $0 - 1 }) { try store.hold(capture: "photos:new-1.jpg", reason: "test") }
        try after("release", total: { $0 + 1 }) { try store.hold(capture: "photos:new-1.jpg", reason: nil) }
        try after("delete", total: { $0 - 2 }) {
            try store.forgetCaptures([CaptureID("photos:new-1.jpg"), CaptureID("photos:new-2.jpg")],
                                     source: "photos")
        }
        try after("a declared field", total: { $0 + 1 }) {
            let unmatched: String = try store.read { db in
                try db.first("""
                    SELECT c.id FROM capture_facts AS c WHERE c.moment_representative = 1 AND c.held = 0
                        AND c.out_of_focus IS NOT 1 AND c.moment IS NULL AND c.capture NOT IN (
                            SELECT rowid FROM captures_search WHERE captures_search MATCH 'alpha')
                        AND c.id NOT IN (SELECT capture_id FROM search_fields)
                    ORDER BY c.capture LIMIT 1
                    """) { $0.string(0) ?? "" } ?? ""
            }
            try store.setSearchText("alpha in a field", field: SearchField("links"), capture: unmatched)
        }
        try after("a label added through a stage's own write", total: { $0 }) {
            try store.write { db in
                try db.execute("""
                    INSERT INTO labels (capture_id, name, confidence)
                    SELECT id, 'late', 0.5 FROM capture_facts WHERE moment_representative = 1 AND held = 0
                        AND out_of_focus IS NOT 1 AND capture IN (
                            SELECT rowid FROM captures_search WHERE captures_search MATCH 'alpha') LIMIT 3
                    """)
            }
        }
        #expect(last.facets["label"]?.contains(FacetCount(value: "late", count: 3)) == true)
        try after("rebuild", total: { _ in 0 }) { try store.rebuild() }
    }

    @Test("Options change the cached answer exactly: places off, focus, window as time passes, maximum assets")
    func exactAcrossOptions() throws {
        let store = try DeferredRankingTests.store()
        // Cities, as the places stage's gazetteer would name them.
        try store.write { db in try db.execute("UPDATE places SET city = CASE WHEN lat < 46.5 THEN 'Lyon' ELSE 'Oslo' END") }
        let request = SearchRequest(text: "alpha", limit: 100, facets: true)
        let all = try Self.expectExact(store, request, "everything")
        #expect(all.facets["city"]?.map(\.value).sorted() == ["Lyon", "Oslo"])
        #expect(all.results.contains { $0.place != nil })
        let screenshots = try Self.expectExact(store, request, options: IndexOptions(focus: .screenshots), "focus")
        #expect(screenshots.total < all.total && screenshots.facets["kind"]?.map(\.value) == ["screenshot"])
        #expect(try Self.expectExact(store, request, "everything again") == all)
        // The window moves with `now`: the same options a day later show fewer captures (dates span 50 days).
        let start = Records.baseDate.addingTimeInterval(31 * 86_400)
        var previous = Int.max
        for day in 0..<4 {
            let now = start.addingTimeInterval(Double(day) * 86_400)
            let window = try Self.expectExact(store, request, options: IndexOptions(windowDays: 30), now: now,
                                              "window, day \(day)")
            #expect(window.total < all.total && window.total <= previous)
            previous = window.total
        }
        _ = try Self.expectExact(store, request, options: IndexOptions(maximumAssets: 50), "newest 50")
        _ = try store.search(request, options: IndexOptions(), now: Date(), deferringFrom: 0)
        try store.removeLocationData()
        let placesOff = try Self.expectExact(store, request, options: IndexOptions(places: false), "places off")
        #expect(placesOff.facets["city"] == nil && placesOff.total == all.total)
        #expect(placesOff.results.allSatisfy { $0.place == nil })
    }

    @Test("A write by another connection to the same file is seen (PRAGMA data_version), not a stale tally")
    func otherConnection() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("index.sqlite")
        let reader = try IndexStore(path: path)
        defer { reader.close() }
        try reader.write((0..<40).map { Records.record("r-\($0).jpg", text: ["common words \($0)"]) })
        let request = SearchRequest(text: "common", limit: 5, facets: true)
        #expect(try Self.expectExact(reader, request, "before").total == 40)
        #expect(try reader.search(request, options: IndexOptions(), now: Date(), deferringFrom: 0).total == 40)
        let hits = Self.lookups(reader).hits
        let writer = try IndexStore(path: path)
        try writer.write([Records.record("w.jpg", text: ["common ground"])])
        try writer.hold(capture: "photos:r-3.jpg", reason: "test")
        writer.close()
        let after = try Self.expectExact(reader, request, "after")
        #expect(after.total == 40)
        #expect(after.facets["source"] == [FacetCount(value: "photos", count: 40)])
        #expect(Self.lookups(reader).hits == hits)
    }
}
