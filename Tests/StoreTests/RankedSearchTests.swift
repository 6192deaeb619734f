import Captures
import Foundation
import Runner
import Testing
@testable import Store

/// Captures for the ranked-search tests: a screenshot flag, a moment of two shots, a blurred and a held capture.
enum SearchLibrary {
    static func screenshot(_ record: CaptureRecord) -> CaptureRecord {
        var record = record
        record.metadata.kind = .screenshot
        return record
    }

    static func make(_ location: IndexLocation = .memory) throws -> TestIndex {
        let index = try TestIndex(location)
        let day: TimeInterval = 86_400
        try index.store.write([
            screenshot(Records.record("shop/espresso.png", text: ["Espresso machine 199 EUR", "Add to basket"],
                                      labels: [CaptureLabel(name: "screenshot", confidence: 1)])),
            screenshot(Records.record("notes/machine.png", text: ["The machine makes espresso", "dial in"],
                                      labels: [CaptureLabel(name: "screenshot", confidence: 1)],
                                      date: Records.baseDate.addingTimeInterval(-40 * day))),
            Records.record("trips/cafe.jpg", text: ["espresso bar"], labels: [CaptureLabel(name: "cafe", confidence: 0.9)],
                           location: GeoPoint(latitude: 45.4642, longitude: 9.19)),
            Records.record("tickets/train.png", source: "downloads",
                           codes: [Records.code("QRCode", Array("TRAIN 42".utf8), text: "TRAIN 42 espresso car")]),
            Records.record("blurred.jpg", text: ["espresso blur"],
                           focus: FocusMeasure(sharpness: 1, outOfFocus: true)),
            Records.record("passport.jpg", text: ["espresso passport"]),
            Records.record("burst/a.jpg", text: ["latte art"], fingerprint: 0xF0F0_F0F0_0F0F_0F0F,
                           focus: FocusMeasure(sharpness: 10, outOfFocus: false)),
            Records.record("burst/b.jpg", text: ["latte art close"], fingerprint: 0xF0F0_F0F0_0F0F_0F0E,
                           focus: FocusMeasure(sharpness: 50, outOfFocus: false),
                           date: Records.baseDate.addingTimeInterval(2)),
        ])
        try index.store.hold(capture: "photos:passport.jpg", reason: "identity document")
        return index
    }
}

@Suite("Ranked search")
struct RankedSearchTests {
    @Test("Words in text, labels, code text, path and declared fields are found, with a marked snippet",
          arguments: IndexLocation.allCases)
    func findsAndMarks(_ location: IndexLocation) throws {
        let index = try SearchLibrary.make(location)
        let store = index.store
        let basket = try store.search(SearchRequest(text: "basket"))
        #expect(basket.results.map(\.path) == ["shop/espresso.png"])
        #expect(basket.results.first?.snippet?.contains("«basket»") == true)
        #expect(basket.results.first?.field == "text")
        #expect(basket.results.first?.kind == "screenshot")
        #expect(try store.search(SearchRequest(text: "cafe")).results.first?.field == "labels")
        #expect(try store.search(SearchRequest(text: "train")).results.map(\.path) == ["tickets/train.png"])
        try store.setSearchText("https://shop.example/espresso-grinder", field: SearchField("links"),
                                capture: "photos:trips/cafe.jpg")
        try store.setSearchText("product: grinder", field: SearchField("leads"), capture: "photos:trips/cafe.jpg")
        let grinder = try store.search(SearchRequest(text: "grinder"))
        #expect(grinder.results.map(\.path) == ["trips/cafe.jpg"])
        #expect(["links", "leads"].contains(grinder.results.first?.field ?? ""))
        #expect(grinder.results.first?.snippet?.contains("«grinder»") == true)
        #expect(grinder.results.first?.place == "45.4642,9.19")
    }

    @Test("The exact phrase ranks first, even against a capture that repeats the words")
    func exactPhraseFirst() throws {
        let store = try IndexStore.inMemory()
        try store.write([
            Records.record("scattered.png", text: ["espresso, the machine; espresso for a machine; espresso machines"]),
            Records.record("phrase.png", text: ["a long line with the words espresso machine in it and more words"]),
        ])
        let results = try store.search(SearchRequest(text: "espresso machine")).results
        #expect(results.map(\.path) == ["phrase.png", "scattered.png"])
        #expect(results.map(\.exactPhrase) == [true, false])
    }

    @Test("Held and out-of-focus captures never appear; a moment appears once, as its representative")
    func visibility() throws {
        let store = try SearchLibrary.make().store
        let espresso = try store.search(SearchRequest(text: "espresso", facets: true))
        #expect(!espresso.results.map(\.path).contains("blurred.jpg"))
        #expect(!espresso.results.map(\.path).contains("passport.jpg"))
        #expect(espresso.total == 4)
        // "close" is only in the sharper shot b, "art" in both: each search shows b once.
        #expect(try store.search(SearchRequest(text: "latte art")).results.map(\.path) == ["burst/b.jpg"])
        #expect(try store.search(SearchRequest(text: "latte")).total == 1)
        // Text only in the other member still finds the moment, shown as its representative.
        try store.setSearchText("unique-word-zebra", field: SearchField("things"), capture: "photos:burst/a.jpg")
        let zebra = try store.search(SearchRequest(text: "zebra")).results
        #expect(zebra.map(\.path) == ["burst/b.jpg"])
        #expect(zebra.first?.snippet?.contains("«zebra»") == true)
    }

    @Test("Facet counts equal a count by hand; filters narrow the results and the counts")
    func facets() throws {
        let store = try SearchLibrary.make().store
        let all = try store.search(SearchRequest(text: "", limit: 100, facets: true))
        let visible = all.results
        #expect(all.total == visible.count)
        for facet in ["kind", "source"] {
            let counted = Dictionary(grouping: visible, by: { facet == "kind" ? $0.kind : $0.source }).mapValues(\.count)
            let shown = Dictionary(uniqueKeysWithValues: (all.facets[facet] ?? []).map { ($0.value, $0.count) })
            #expect(shown == counted, "facet \(facet)")
        }
        #expect(all.facets["label"]?.first == FacetCount(value: "screenshot", count: 2))
        #expect(all.facets["hasCode"]?.contains(FacetCount(value: "true", count: 1)) == true)
        let screenshots = try store.search(SearchRequest(text: "espresso",
                                                         filters: SearchFilters(kinds: ["screenshot"]), facets: true))
        #expect(Set(screenshots.results.map(\.path)) == ["shop/espresso.png", "notes/machine.png"])
        #expect(screenshots.facets["kind"] == [FacetCount(value: "screenshot", count: 2)])
        let recent = try store.search(SearchRequest(text: "espresso", filters: SearchFilters(
            from: Records.baseDate.addingTimeInterval(-86_400), hasCode: false)))
        #expect(!recent.results.map(\.path).contains("notes/machine.png"))
        #expect(!recent.results.map(\.path).contains("tickets/train.png"))
        let labelled = try store.search(SearchRequest(text: "", filters: SearchFilters(labels: ["cafe"])))
        #expect(labelled.results.map(\.path) == ["trips/cafe.jpg"])
        let downloads = try store.search(SearchRequest(text: "espresso", filters: SearchFilters(sources: ["downloads"])))
        #expect(downloads.results.map(\.path) == ["tickets/train.png"])
        // A declared facet whose table is not in the index matches nothing rather than failing.
        #expect(try store.search(SearchRequest(text: "espresso",
                                               filters: SearchFilters(facets: ["lead": ["product"]]))).total == 0)
    }

    @Test("A declared facet table, once it exists, filters and counts")
    func declaredFacetTable() throws {
        let store = try SearchLibrary.make().store
        try store.write { db in
            try db.execute("CREATE TABLE leads (capture_id TEXT NOT NULL, kind TEXT NOT NULL)")
            try db.execute("INSERT INTO leads VALUES ('photos:shop/espresso.png', 'product')")
        }
        let found = try store.search(SearchRequest(text: "espresso", filters: SearchFilters(facets: ["lead": ["product"]]),
                                                   facets: true))
        #expect(found.results.map(\.path) == ["shop/espresso.png"])
        #expect(found.facets["lead"] == [FacetCount(value: "product", count: 1)])
    }

    @Test("Paging returns every result once, in order")
    func paging() throws {
        let store = try IndexStore.inMemory()
        try store.write(Records.many(45))
        var seen: [String] = []
        for page in 0..<5 {
            let results = try store.search(SearchRequest(text: "line", offset: page * 10, limit: 10))
            #expect(results.total == 45)
            seen += results.results.map(\.path)
        }
        #expect(seen.count == 45)
        #expect(Set(seen).count == 45)
    }

    @Test("Hostile query strings are plain searches, never errors",
          arguments: ["\"", "\"espresso\"", "espresso*", "NEAR(espresso basket)", "-espresso", "text:espresso",
                      "espresso AND OR NOT", "^espresso", "(", ")", "{text}", "*", "", "   ", "''", "\u{0}espresso"])
    func hostileQueries(_ query: String) throws {
        let store = try SearchLibrary.make().store
        let results = try store.search(SearchRequest(text: query, facets: true))
        // Only the word espresso: found; other words are required too, as plain words.
        if MatchQuery(query).words == ["espresso"] { #expect(results.total > 0, "\(query)") }
    }

    @Test("A 100,000-character query searches its first words")
    func longQuery() throws {
        let store = try SearchLibrary.make().store
        let long = "basket " + String(repeating: "x", count: 50_000) + " " + String(repeating: "y ", count: 25_000)
        #expect(long.count >= 100_000)
        let words = MatchQuery(long).words
        #expect(words.count == MatchQuery.maximumWords)
        #expect(words.allSatisfy { $0.count <= MatchQuery.maximumWordLength })
        #expect(try store.search(SearchRequest(text: long)).total == 0)
        #expect(throws: Never.self) { try store.search(SearchRequest(text: String(repeating: "\"*(", count: 40_000))) }
    }

    @Test("Joined with vector scores, a capture the words miss is found and both rankings count")
    func hybrid() throws {
        let store = try SearchLibrary.make().store
        let results = try store.search(SearchRequest(text: "basket", vectorScores: [
            "photos:trips/cafe.jpg": 0.9, "photos:shop/espresso.png": 0.2, "photos:blurred.jpg": 0.99,
        ]))
        #expect(results.hybrid)
        #expect(results.results.map(\.path) == ["shop/espresso.png", "trips/cafe.jpg"])
        #expect(results.results.last?.textScore == nil)
    }
}

@Suite("Recurring things")
struct RecurringThingsTests {
    @Test("A thing seen in several visible captures recurs, with them; a moment counts once; hidden ones do not count")
    func recurring() throws {
        let store = try SearchLibrary.make().store
        #expect(try store.recurringThings().isEmpty, "no things table yet: nothing recurs")
        try store.write { db in
            try db.execute("CREATE TABLE things (capture_id TEXT NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL)")
            for (capture, kind, name) in [("photos:shop/espresso.png", "product", "Gaggia Classic"),
                                          ("photos:notes/machine.png", "product", "gaggia classic"),
                                          ("photos:burst/a.jpg", "product", "Gaggia Classic"),
                                          ("photos:burst/b.jpg", "product", "Gaggia Classic"),
                                          ("photos:blurred.jpg", "place", "Milan"),
                                          ("photos:trips/cafe.jpg", "place", "Milan"),
                                          ("downloads:tickets/train.png", "event", "Train to Milan")] {
                try db.execute("INSERT INTO things VALUES (?, ?, ?)", [.text(capture), .text(kind), .text(name)])
            }
        }
        let things = try store.recurringThings()
        #expect(things.count == 1)
        #expect(things.first?.kind == "product" && things.first?.name == "Gaggia Classic")
        #expect(things.first?.captures.sorted() == ["photos:burst/b.jpg", "photos:notes/machine.png",
                                                     "photos:shop/espresso.png"])
    }
}
