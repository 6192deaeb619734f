/// A common word's search without the temporary table of results: when bm25 is deferred (`DeferredRanking`), the
/// matches joined to `capture_facts` are read once, in row order, straight into `SearchTally` (total, facets) and
/// the pending ranking — writing tens of thousands of rows to `temp.search_hits` cost more than judging them.
///
/// The same results as the plan through the temporary table: a shown representative that matched is counted and
/// pending, as there; a moment's member or a declared field counts for its representative with its bm25 (the
/// lowest kept); a representative reached only that way is judged on its own facts; the exact phrase marks the
/// representatives the phrase matches. Only the declared facets still read the results from `temp.search_hits`,
/// filled (ids only) when one of their tables has rows.
///
/// The pass is split so its result can be kept (`SearchCache`): `streamedTally` reads every match once (or
/// `tallyOfHits` takes a query ranked through the temporary table), `streamedPage` makes any page from it.
extension IndexStore {
    struct Streamed {
        var tally: SearchTally
        /// The page, in order, with each result's score and phrase flag.
        var page: [(capture: Int64, score: Double, phrase: Int64)]
    }

    /// What a common word's search reads from every match, whatever the page: the total and facet counts, the
    /// representatives reached only through a member or a declared field (with their keys), the pending ranking,
    /// and every result (for the declared facets). Kept by `SearchCache`.
    struct StreamedTally {
        /// Total and facets; its best is empty.
        var counts: SearchTally
        var reached: [(key: SearchTally.Key, score: Double)]
        var deferred: DeferredRanking
        var results: [Int64]
        /// The rows FTS5 has scored so far, for the pages after (`rankDeferred`).
        var scored: [Int64: ScoredRow] = [:]
        /// Every shown match ranked exactly (`ExactRanking`), when it was; then `deferred` has nothing pending.
        var exact: ExactRanking? = nil
    }

    /// Reads every match once (the expensive half of the search).
    static func streamedTally(_ match: MatchQuery, expression: String, deferred initial: DeferredRanking,
                              shown: (sql: String, arguments: [DatabaseValue]), facets: Bool,
                              in db: Database) throws -> StreamedTally {
        var deferred = initial
        var tally = SearchTally(keep: 0)
        let phrases = try phraseMatches(match, in: db)
        func phraseFlag(_ capture: Int64) -> Int64 { phrases.isEmpty ? 0 : (phrases.contains(capture) ? 1 : 0) }
        var results: [Int64] = []
        /// The lowest bm25 a representative has from its members and declared fields.
        var others: [Int64: Double] = [:]
        // A representative not shown is dropped in the WHERE, before its facts and size are read (a label filter
        // over a common word keeps a few hundred of tens of thousands); members always pass, for their representative.
        try db.forEachRow("""
            SELECT captures_search.rowid, c.moment_representative, 1, c.date, c.source, c.kind, c.city,
                   c.has_code, c.labels,
                   CASE WHEN c.moment_representative = 0 THEN \(representative) END,
                   CASE WHEN c.moment_representative = 0 THEN \(builtInBM25) END,
                   CASE WHEN c.moment_representative = 1 THEN (
                       SELECT d.sz FROM captures_search_docsize AS d WHERE d.id = captures_search.rowid) END
            FROM captures_search CROSS JOIN capture_facts AS c ON c.capture = captures_search.rowid
            WHERE captures_search MATCH ? AND (c.moment_representative = 0 OR \(shown.sql))
            """, [.text(expression)] + shown.arguments) { row in
            let capture = row.int64(0) ?? 0
            if row.int64(1) == 0 {
                if let representative = row.int64(9), let score = row.double(10) {
                    others[representative] = min(others[representative] ?? score, score)
                }
                return
            }
            guard row.int64(2) == 1 else { return }
            let date = tally.countShown(row, dateColumn: 3, facets: facets)
            deferred.add(capture: capture, phrase: phraseFlag(capture), date: date, other: nil, sizes: row.blobBytes(11))
            results.append(capture)
        }
        let reached = try reachedOtherwise(expression, others: others, shown: shown, facets: facets, tally: &tally,
                                           results: &results, phraseFlag: phraseFlag,
                                           setOther: { deferred.setOther(capture: $0, $1) }, in: db)
        return StreamedTally(counts: tally, reached: reached, deferred: deferred, results: results)
    }

    /// A tally of `temp.search_hits` whose every row is ranked (no bm25 deferred): each result's key kept for any
    /// page; nil when a row has no score (then the page comes from the table).
    static func tallyOfHits(facets: Bool, in db: Database) throws -> StreamedTally? {
        var tally = SearchTally(keep: 0)
        var reached: [(key: SearchTally.Key, score: Double)] = []
        var results: [Int64] = []
        var complete = true
        try db.forEachRow("""
            SELECT h.capture, h.phrase, h.score, h.date, h.source, h.kind, h.city, h.has_code, h.labels, h.id
            FROM temp.search_hits AS h ORDER BY h.capture
            """) { row in
            guard complete, let score = row.double(2) else {
                complete = false
                return
            }
            let capture = row.int64(0) ?? 0
            let date = tally.countShown(row, dateColumn: 3, facets: facets)
            reached.append((SearchTally.Key(phrase: row.int64(1) ?? 0, fused: -score, date: date,
                                            id: row.string(9) ?? "", capture: capture), score))
            results.append(capture)
        }
        guard complete else { return nil }
        let none = DeferredRanking(bound: BM25Bound(rowCount: 1, tokenCount: 1, hits: []), phrases: [])
        return StreamedTally(counts: tally, reached: reached, deferred: none, results: results)
    }

    /// A page from a tally of every match: its best results, scored by bm25 as far as the page reaches.
    /// `tallied` learns the rows FTS5 scored.
    static func streamedPage(_ tallied: inout StreamedTally, expression: String, keep: Int, offset: Int,
                             facets: Bool, in db: Database) throws -> Streamed {
        var tally = tallied.counts.counts(keeping: keep)
        var scores: [Int64: Double] = [:]
        for (key, score) in tallied.reached {
            if tally.mayKeep(phrase: key.phrase, fused: key.fused, date: key.date) { tally.offer(key) }
            scores[key.capture] = score
        }
        for (capture, score) in try rankDeferred(tallied.deferred, into: &tally, expression: expression,
                                                 known: &tallied.scored, in: db) {
            scores[capture] = score
        }
        if tallied.exact != nil {
            try tallied.exact!.offer(into: &tally) { try captureID($0, in: db) }
        }
        if facets { try fillDeclaredFacetResults(tallied.results, in: db) }
        let page = tally.best.dropFirst(offset).map { key in
            (key.capture, scores[key.capture] ?? tallied.exact?.score(of: key.capture) ?? 0, key.phrase)
        }
        return Streamed(tally: tally, page: page)
    }

    /// `temp.search_hits` emptied, then holding `results` (capture and id) when a declared facet table has rows.
    private static func fillDeclaredFacetResults(_ results: [Int64], in db: Database) throws {
        try db.executeScript(emptyHits)
        var needed = false
        for source in FacetSource.declared where try source.exists(in: db) {
            if try db.integer("SELECT EXISTS (SELECT 1 FROM \(source.quotedTable))") == 1 { needed = true }
        }
        guard needed else { return }
        let list = "[" + results.map(String.init).joined(separator: ",") + "]"
        try db.execute("""
            INSERT INTO temp.search_hits (capture, shown, id)
            SELECT c.capture, 1, c.id FROM capture_facts AS c WHERE c.capture IN (SELECT value FROM json_each(?))
            """, [.text(list)])
    }

    /// The page's rows from `captures`, with the scores and phrase flags the streamed search found.
    static func streamedRows(_ page: [(capture: Int64, score: Double, phrase: Int64)], in db: Database) throws
        -> [SearchResult] {
        try page.compactMap { entry in
            try db.first("""
                SELECT c.id, c.source, c.path, c.date, c.kind, p.city, p.lat, p.lon, ?2, NULL, ?3, c.moment
                FROM captures AS c LEFT JOIN places AS p ON p.capture_id = c.id
                WHERE c.rowid = ?1
                """, [.integer(entry.capture), .real(entry.score), .integer(entry.phrase)], result)
        }
    }
}

extension SearchTally {
    /// Counts a shown capture, and its facets when `facets`, from a row holding its date at `dateColumn` followed
    /// by source, kind, city, has_code and labels; returns the date.
    mutating func countShown(_ row: Row, dateColumn: Int32, facets: Bool) -> Double {
        let date = row.double(dateColumn) ?? 0
        count()
        if facets {
            countFacets(source: row.textBytes(dateColumn + 1), kind: row.textBytes(dateColumn + 2),
                        city: row.textBytes(dateColumn + 3), date: date, hasCode: row.bool(dateColumn + 4) ?? false,
                        labels: row.textBytes(dateColumn + 5))
        }
        return date
    }
}
