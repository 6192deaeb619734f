import Captures
import Foundation
import Runner
import Testing
import TestSupport
@testable import Store

@Suite("Exact ranking")
struct ExactRankingTests {
    /// Every matching row's score from `pool_phrase_frequencies` and its size, against FTS5's `bm25()` of the same
    /// row in the same statement: equal bit for bit, for one to three words (repeated words too).
    @Test("The score computed in Swift is FTS5's bm25, bit for bit, on every matching row")
    func sameBitsAsFTS5() throws {
        let store = try DeferredRankingTests.store()
        let vocabulary = DeferredRankingTests.vocabulary
        var queries = vocabulary.prefix(9).map { [$0] }     // "kappa" is never drawn
        queries += [["alpha", "beta"], ["beta", "gamma", "delta"], ["alpha", "alpha"], ["beta", "alpha", "gamma"],
                    ["gamma", "label1"], ["eta", "theta", "iota"]]
        var rows = 0
        for words in queries {
            let match = MatchQuery(words.joined(separator: " "))
            let expression = try #require(match.allWords)
            try store.read { db in
                try db.registerPhraseFrequencies()
                let bound = try #require(try IndexStore.exactRankingBound(for: match, minimum: 0, in: db),
                                         "\(words)")
                let ranking = ExactRanking(bound: bound)
                try db.forEachRow("""
                    SELECT captures_search.rowid, \(IndexStore.builtInBM25),
                           pool_phrase_frequencies(captures_search, 1.0, 0.8, 0.4), c.size
                    FROM captures_search JOIN capture_facts AS c ON c.capture = captures_search.rowid
                    WHERE captures_search MATCH ?
                    """, [.text(expression)]) { row in
                    let fts5 = row.double(1) ?? .nan
                    let swift = row.blobBytes(2).flatMap { ranking.score(frequencies: $0, size: row.int64(3) ?? -1) }
                    #expect(swift?.bitPattern == fts5.bitPattern, "\(words) row \(row.int64(0) ?? -1)")
                    rows += 1
                }
            }
        }
        #expect(rows > 3_000)
    }

    @Test("Ranking every shown match exactly gives the answers of ranking through FTS5, with options and paging")
    func sameAsRankingEvery() throws {
        let store = try DeferredRankingTests.store()
        var random = SplitMix64(seed: 9)
        let now = Records.baseDate.addingTimeInterval(3 * 86_400)
        let optionsList = [IndexOptions(), IndexOptions(focus: .screenshots), IndexOptions(focus: .sources(["camera"])),
                           IndexOptions(windowDays: 2), IndexOptions(places: false)]
        var exactSeen = 0
        for index in 0..<60 {
            let words = (0..<(1 + index % 3)).map { _ in
                DeferredRankingTests.vocabulary[Int.random(in: 0..<6, using: &random)]
            }
            var request = SearchRequest(text: words.joined(separator: " "),
                                        limit: [1, 5, 20, 100][index % 4], facets: index % 2 == 0)
            request.offset = [0, 0, 3, 40][index / 4 % 4]
            if index % 6 == 1 { request.filters.kinds = ["screenshot"] }
            if index % 6 == 2 { request.filters.labels = ["gamma"] }
            let options = optionsList[index % optionsList.count]
            let every = try store.search(request, options: options, now: now, deferringFrom: .max, cached: false)
            let exact = try store.search(request, options: options, now: now, deferringFrom: 0, cached: false)
            let deferred = try store.search(request, options: options, now: now, deferringFrom: 0, cached: false,
                                            exact: false)
            let kept = try store.search(request, options: options, now: now, deferringFrom: 0)
            var next = request
            next.offset += request.limit
            let nextKept = try store.search(next, options: options, now: now, deferringFrom: 0)
            let nextEvery = try store.search(next, options: options, now: now, deferringFrom: .max, cached: false)
            let label = "\(request.text), offset \(request.offset), limit \(request.limit), \(options)"
            #expect(exact == every, "\(label)")
            #expect(deferred == every, "deferred: \(label)")
            #expect(kept == every, "kept: \(label)")
            #expect(nextKept == nextEvery, "next page: \(label)")
            if try store.read({ try IndexStore.exactRankingBound(for: MatchQuery(request.text), minimum: 0, in: $0) })
                != nil { exactSeen += 1 }
        }
        #expect(exactSeen == 60)
    }

    @Test("Held and out-of-focus captures never appear, a moment appears once, in an exactly ranked search")
    func visibility() throws {
        let store = try DeferredRankingTests.store()
        let results = try store.search(SearchRequest(text: "alpha", limit: 600, facets: true), options: IndexOptions(),
                                       now: Date(), deferringFrom: 0, cached: false)
        let hidden: Set<String> = try store.read { db in
            Set(try db.query("""
                SELECT id FROM capture_facts WHERE held = 1 OR out_of_focus = 1 OR moment_representative = 0
                """) { $0.string(0) ?? "" })
        }
        let ids = results.results.map(\.id)
        #expect(!ids.isEmpty && ids.allSatisfy { !hidden.contains($0) })
        #expect(Set(ids).count == ids.count)
        #expect(results.total == ids.count)
        // Facet counts by hand: the kinds of the results shown.
        let screenshots = results.results.filter { $0.kind == "screenshot" }.count
        #expect(results.facets["kind"]?.first { $0.value == "screenshot" }?.count == screenshots)
    }

    @Test("A label filter keeps exactly the shown matches carrying that whole label, counted by hand")
    func labelFilterByHand() throws {
        let store = try DeferredRankingTests.store()
        for label in ["gamma", "label1", "label", "amma", "gamma\u{1F}label1"] {
            var request = SearchRequest(text: "alpha", limit: 600, facets: true)
            request.filters.labels = [label]
            let results = try store.search(request, options: IndexOptions(), now: Date(), deferringFrom: 0,
                                           cached: false)
            let expected: Set<String> = try store.read { db in
                Set(try db.query("""
                    SELECT c.id FROM captures_search JOIN capture_facts AS c ON c.capture = captures_search.rowid
                    WHERE captures_search MATCH 'alpha' AND c.moment_representative = 1 AND c.held = 0
                        AND c.out_of_focus IS NOT 1 AND EXISTS (SELECT 1 FROM labels WHERE capture_id = c.id AND name = ?)
                    """, [.text(label)]) { $0.string(0) ?? "" })
            }
            // Members of moments count for their representative: only compare where none is involved.
            let members: Set<String> = try store.read { db in
                Set(try db.query("SELECT r.id FROM capture_facts AS r WHERE r.moment IS NOT NULL") { $0.string(0) ?? "" })
            }
            let shown = Set(results.results.map(\.id))
            #expect(shown.subtracting(members) == expected.subtracting(members), "\(label)")
            #expect(results.total == results.results.count, "\(label)")
            #expect((label == "gamma" || label == "label1") == !shown.isEmpty, "\(label)")
        }
    }
}
