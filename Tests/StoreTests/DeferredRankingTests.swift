import Captures
import Foundation
import Runner
import Testing
import TestSupport
@testable import Store

@Suite("Deferred ranking")
struct DeferredRankingTests {
    static let vocabulary = ["alpha", "beta", "gamma", "delta", "eps", "zeta", "eta", "theta", "iota", "kappa"]

    /// 600 captures of 3-20 words from ten (so every word is common), repeated words, labels holding the words too,
    /// moments (pairs of shots two seconds apart with near fingerprints), declared fields, places, held and blurred
    /// ones.
    static func store() throws -> IndexStore {
        let store = try IndexStore.inMemory()
        var random = SplitMix64(seed: 41)
        var records: [CaptureRecord] = []
        for index in 0..<600 {
            let words = (0..<Int.random(in: 3...20, using: &random)).map { _ in
                vocabulary[min(Int(pow(10, Double.random(in: 0..<1, using: &random))) - 1, 9)]
            }
            let moment = index % 10 == 4 || index % 10 == 5
            var record = Records.record(
                "img-\(index).jpg", source: index % 3 == 0 ? "camera" : "photos",
                text: [words.joined(separator: " ")],
                labels: [CaptureLabel(name: index % 4 == 0 ? "gamma" : "label\(index % 5)", confidence: 0.8)],
                fingerprint: moment ? 0xF0F0_F0F0_0F0F_0F0F ^ UInt64(index / 10) << 40 ^ UInt64(index % 2) : nil,
                focus: FocusMeasure(sharpness: Double(index % 7), outOfFocus: index % 23 == 5),
                location: index % 9 == 0 ? GeoPoint(latitude: 45 + Double(index % 4), longitude: 9) : nil,
                date: Records.baseDate.addingTimeInterval(moment ? Double(index / 10) * 86_400 + Double(index % 2) * 2
                                                                   : Double(index % 50) * 3_600))
            if index % 2 == 0 { record.metadata.kind = .screenshot }
            records.append(record)
        }
        try store.write(records)
        for index in stride(from: 7, to: 600, by: 31) {
            try store.hold(capture: "\(index % 3 == 0 ? "camera" : "photos"):img-\(index).jpg", reason: "test")
        }
        for index in stride(from: 1, to: 600, by: 17) {
            let source = index % 3 == 0 ? "camera" : "photos"
            try store.setSearchText("beta links \(vocabulary[index % 10])", field: SearchField("links"),
                                    capture: "\(source):img-\(index).jpg")
        }
        return store
    }

    @Test("Deferring bm25 to the matches that can reach the page gives the same results as ranking every match")
    func sameAsRankingEvery() throws {
        let store = try Self.store()
        var random = SplitMix64(seed: 5)
        var deferredSeen = 0
        for index in 0..<60 {
            let words = (0..<(1 + index % 3)).map { _ in Self.vocabulary[Int.random(in: 0..<6, using: &random)] }
            var request = SearchRequest(text: words.joined(separator: " "),
                                        limit: [1, 5, 20, 100][index % 4], facets: index % 2 == 0)
            request.offset = [0, 0, 3, 40][index / 4 % 4]
            if index % 6 == 1 { request.filters.kinds = ["screenshot"] }
            if index % 6 == 2 { request.filters.labels = ["gamma"] }
            // The reference: every match ranked through the temporary table, nothing kept (SearchCache).
            let every = try store.search(request, options: IndexOptions(), now: Date(), deferringFrom: .max,
                                         cached: false)
            let deferred = try store.search(request, options: IndexOptions(), now: Date(), deferringFrom: 0,
                                            streaming: false)
            let streamed = try store.search(request, options: IndexOptions(), now: Date(), deferringFrom: 0,
                                            exact: false)
            #expect(deferred == every, "\(request.text), offset \(request.offset), limit \(request.limit)")
            #expect(streamed == every, "streamed: \(request.text), offset \(request.offset), limit \(request.limit)")
            // Every match ranked, the page from the tally kept for other pages.
            #expect(try store.search(request, options: IndexOptions(), now: Date(), deferringFrom: .max) == every,
                    "kept: \(request.text), offset \(request.offset), limit \(request.limit)")
            #expect(every.results.allSatisfy { $0.textScore != nil }, "\(request.text)")
            if try store.read({ try IndexStore.deferredRanking(for: MatchQuery(request.text), minimum: 0, in: $0) })
                != nil { deferredSeen += 1 }
        }
        #expect(deferredSeen == 60)
        // What the comparison went through: members of moments, declared fields, a declared facet with rows.
        #expect(try store.count("capture_facts WHERE moment_representative = 0") > 10)
        #expect(try store.count("search_fields") > 10)
        #expect(try store.count("places") > 10)
    }

    @Test("A label filter held by few captures is ranked with bm25 per shown match, not deferred; same results")
    func rareLabelNotDeferred() throws {
        let store = try Self.store()
        // `alpha` is in most captures: deferring pays without a filter; `label1` is on 90 of 600, so ranking those
        // few with bm25 costs less than reading every instance of the word.
        func defers(_ labels: [String], minimum: Int) throws -> Bool {
            try store.read { db in
                try IndexStore.deferredRanking(for: MatchQuery("alpha"), labels: labels, minimum: minimum, in: db)
            } != nil
        }
        #expect(try defers([], minimum: 1))
        #expect(try !defers(["label1"], minimum: 1))
        #expect(try defers(["label1"], minimum: 0))
        var request = SearchRequest(text: "alpha", limit: 10, facets: true)
        request.filters.labels = ["label1"]
        let every = try store.search(request, options: IndexOptions(), now: Date(), deferringFrom: .max)
        #expect(try store.search(request, options: IndexOptions(), now: Date(), deferringFrom: 1) == every)
        #expect(try store.search(request, options: IndexOptions(), now: Date(), deferringFrom: 0) == every)
        #expect(every.total > 10 && every.total < 150)
    }

    @Test("The page is the first of a plain sort by FTS5's bm25 over every visible match")
    func sameAsPlainSort() throws {
        let store = try Self.store()
        for word in Self.vocabulary.prefix(4) {
            let results = try store.search(SearchRequest(text: word, limit: 15), options: IndexOptions(), now: Date(),
                                           deferringFrom: 0)
            let expected: [String] = try store.read { db in
                try db.query("""
                    SELECT c.id FROM captures_search JOIN capture_facts AS c ON c.capture = captures_search.rowid
                    WHERE captures_search MATCH ? AND c.moment_representative = 1 AND c.held = 0
                        AND c.out_of_focus IS NOT 1
                        AND NOT EXISTS (SELECT 1 FROM capture_facts AS m WHERE m.moment = c.moment
                                        AND m.moment_representative = 0)
                        AND NOT EXISTS (SELECT 1 FROM search_fields WHERE capture_id = c.id)
                    ORDER BY bm25(captures_search, 1.0, 0.8, 0.4), c.date DESC, c.id
                    """, [.text("\"\(word)\"")]) { $0.string(0) ?? "" }
            }
            // Those without a moment or a declared field are the first of a plain sort, in its order.
            let plain = Set(expected)
            let shownPlain = results.results.map(\.id).filter { plain.contains($0) }
            #expect(shownPlain == Array(expected.prefix(shownPlain.count)), "\(word)")
            #expect(shownPlain.count >= 5, "\(word)")
            #expect(results.results.count == 15)
        }
    }

    @Test("FTS5 records as varints: the averages record and a docsize record")
    func varints() {
        #expect(BM25Bound.varints([0x86, 0x8D, 0x20, 0xF8, 0x9E, 0x10, 0x05]) == [100_000, 1_969_936, 5])
        #expect(BM25Bound.varints([0x86]) == nil)
        #expect(BM25Bound.varints([]) == [])
        let record: [UInt8] = [0x86, 0x8D, 0x20, 0x05, 0x81, 0x81, 0x81, 0x81, 0x81, 0x81, 0x81, 0x81, 0x01]
        #expect(record.withUnsafeBytes { BM25Bound.varintSum($0) } == BM25Bound.varints(record)!.reduce(0, &+))
        #expect([UInt8]([0x05, 0x86]).withUnsafeBytes { BM25Bound.varintSum($0) } == nil)
    }

    @Test("The bound is FTS5's own bm25 for every row, within its margin, and never below it")
    func boundMatchesFTS5() throws {
        let store = try Self.store()
        for text in ["alpha", "beta gamma", "alpha alpha delta"] {
            let match = MatchQuery(text)
            try store.read { db in
                let ranking = try #require(try IndexStore.deferredRanking(for: match, minimum: 0, in: db))
                try db.forEachRow("""
                    SELECT rowid, bm25(captures_search, 1.0, 0.8, 0.4),
                           (SELECT sz FROM captures_search_docsize WHERE id = captures_search.rowid)
                    FROM captures_search WHERE captures_search MATCH ?
                    """, [.text(match.allWords!)]) { row in
                    let capture = row.int64(0)!, exact = row.double(1)!
                    var frequencies: [Double] = []
                    for phrase in ranking.phrases {
                        let position = phrase.rows.firstIndex(of: capture)
                        frequencies.append(position.map { phrase.weights[$0] } ?? 0)
                    }
                    let size = Double(BM25Bound.varints(row.blob(2)!)!.reduce(0, +))
                    let bound = ranking.bound.goodnessBound(frequencies: frequencies, size: size)
                    #expect(bound >= -exact && bound <= -exact * (1 + 1e-8), "\(text), row \(capture)")
                }
            }
        }
    }
}
