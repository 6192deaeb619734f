import Foundation

/// Ranked search with snippets, filters, facets and paging (`pool-pipeline search`).
///
/// ```
/// words ─► MatchQuery ─► captures_search (text, labels, path) ─┐  × capture_facts (narrow, by rowid): judged,
///                     └► search_fields_fts (declared fields) ──┴► bm25 only if shown, a moment's member counted
///                                                                 as its representative ─► temp.search_hits
/// vector scores (optional) ───────────────────────────────────────────────────────────────────────┘
/// temp.search_hits ─► the rest judged, the hidden deleted ─► one pass in Swift (SearchTally): total, best of the
///                                                            page (phrase first, then rank), facet counts
///                                                         ─► the page's rows from captures + snippets
/// ```
///
/// Matches are judged on `capture_facts` (one short row per capture, kept by triggers; see
/// `IndexSchema.addCaptureFacts`), never on the wide `captures` rows, and bm25 is computed only for a match that
/// will be shown (or a member of a moment, counted for its representative): a filter that drops most matches drops
/// their ranking too. Every join from the temporary table of results is a `CROSS JOIN`, which keeps the results as
/// the outer loop (the temporary table has no statistics). Hybrid pages and deep pages are sorted by SQLite.
extension IndexStore {
    /// Pages ending past this many results are sorted by SQLite rather than kept in `SearchTally`.
    static let tallyPageLimit = 1_000

    /// The results' temporary table, created if needed and emptied.
    static let emptyHits = """
        CREATE TEMP TABLE IF NOT EXISTS search_hits (
            capture INTEGER PRIMARY KEY, score REAL, phrase INTEGER NOT NULL DEFAULT 0, vector REAL,
            shown INTEGER, id TEXT, source TEXT, kind TEXT, date REAL, city TEXT, has_code INTEGER, labels TEXT,
            pending INTEGER);
        DELETE FROM temp.search_hits;
        """

    /// The capture a match on `capture_facts AS c` counts for: its moment's representative (itself when it is one,
    /// or when its moment has none).
    static let representative = """
        CASE WHEN c.moment_representative = 0 THEN coalesce((
            SELECT r.capture FROM capture_facts AS r WHERE r.moment = c.moment AND r.moment_representative = 1),
            c.capture) ELSE c.capture END
        """

    /// Runs `request` over what `options` show at `now`.
    public func search(_ request: SearchRequest, options: IndexOptions = IndexOptions(),
                       now: Date = Date()) throws -> SearchResults {
        try search(request, options: options, now: now, deferringFrom: Self.deferredRankingMinimum)
    }

    /// `search`, deferring bm25 (`DeferredRanking`) when the matches are estimated at `deferringFrom` or more (0:
    /// whenever the words allow it; `Int.max`: never). The results are the same either way.
    /// `streaming`: a deferred search reads its matches once, without the temporary table (false: through it).
    /// `cached`: a common word's tally may come from, and goes to, `SearchCache` (false: computed, not kept).
    /// `exact`: such a search ranks every shown match exactly in Swift (`ExactRanking`) rather than deferring bm25.
    /// `mirrored`: whether it may read the facts from a `FactsMirror` rather than join them (`FactsMirrorUse`).
    func search(_ request: SearchRequest, options: IndexOptions, now: Date, deferringFrom: Int,
                streaming: Bool = true, cached: Bool = true, exact: Bool = true,
                mirrored: FactsMirrorUse = .afterFirst) throws -> SearchResults {
        let match = MatchQuery(request.text, prefix: request.prefix)
        return try read { db in
            let hybrid = !request.vectorScores.isEmpty
            let visible = Visibility.factsCondition(options, now: now)
            let filters = try request.filters.condition(in: db)
            // `IS 1`: a condition that comes out NULL (a city filter on a capture without one) hides, as before.
            let shown = (sql: "((\(visible.sql)) AND (\(filters.sql))) IS 1",
                         arguments: visible.arguments + filters.arguments)
            let pageEnd = request.offset + request.limit
            let tallied = !hybrid && pageEnd <= Self.tallyPageLimit
            var tally = SearchTally(keep: tallied ? pageEnd : 0)
            let deferrable = tallied && pageEnd > 0 && deferringFrom < Int.max
            // The same words, filters and options since the index last changed: the answer, and a common word's
            // tally for its other pages, are kept (SearchCache).
            let version = tallied && streaming && cached && match.allWords != nil
                ? (generation: queue.writeGeneration, data: try db.integer("PRAGMA data_version") ?? 0) : nil
            let cacheKey = version.flatMap { version in
                match.allWords.map { expression in
                    SearchCache<StreamedTally>.Key(
                        writeGeneration: version.generation, dataVersion: version.data, expression: expression,
                        phrase: match.phrase, shown: shown.sql, arguments: shown.arguments, facets: request.facets,
                        deferringFrom: deferringFrom)
                }
            }
            let answerKey = cacheKey.map { key in
                var key = SearchCache<SearchResults>.Key(
                    writeGeneration: key.writeGeneration, dataVersion: key.dataVersion, expression: key.expression,
                    phrase: key.phrase, shown: key.shown, arguments: key.arguments, facets: key.facets,
                    deferringFrom: key.deferringFrom)
                key.page = [request.text, String(request.prefix), String(request.offset), String(request.limit),
                            request.openMark, request.closeMark]
                return key
            }
            if let answerKey, let answer = answerCache.withLock({ $0.value(for: answerKey) }) { return answer }
            let hit = tallied && pageEnd > 0
                ? cacheKey.flatMap { key in searchCache.withLock { $0.value(for: key) } } : nil
            // A common word's every shown match is ranked in Swift, exactly as FTS5 would (ExactRanking)...
            var exactTally: StreamedTally?
            if exact, streaming, deferrable, hit == nil, let expression = match.allWords,
               let bound = try Self.exactRankingBound(for: match, minimum: deferringFrom, in: db) {
                // Its facts from the mirror of `capture_facts` when there is one and the condition can be decided
                // on it (IndexStore+FactsMirror), else joined.
                if let mirror = try factsMirror(mirrored, in: db),
                   let predicate = FactsPredicate(options: options, now: now, filters: request.filters, mirror: mirror) {
                    exactTally = try Self.mirroredTally(match, expression: expression, bound: bound, mirror: mirror,
                                                        predicate: predicate, shown: shown, facets: request.facets,
                                                        keep: pageEnd, in: db)
                } else {
                    exactTally = try Self.exactTally(match, expression: expression, bound: bound, shown: shown,
                                                     facets: request.facets, keep: pageEnd, in: db)
                }
            }
            // ... or its own bm25 is computed only for the matches that can reach the page (DeferredRanking).
            var deferred = deferrable && hit == nil && exactTally == nil
                ? try Self.deferredRanking(for: match, labels: request.filters.labels,
                                                  minimum: deferringFrom, in: db) : nil
            var total: Int
            var results: [SearchResult]
            /// The page from a tally of every match, which is then kept with the scores FTS5 gave this page (the
            /// same query again needs none; another page needs only its own).
            func page(from initial: StreamedTally, _ expression: String) throws -> (SearchTally, [SearchResult]) {
                var tallied = initial
                let streamed = try Self.streamedPage(&tallied, expression: expression, keep: pageEnd,
                                                     offset: request.offset, facets: request.facets, in: db)
                if let cacheKey { searchCache.withLock { [tallied] in $0.store(tallied, for: cacheKey) } }
                return (streamed.tally, try Self.streamedRows(streamed.page, in: db))
            }
            if let expression = match.allWords, streaming, hit != nil || exactTally != nil || deferred != nil {
                // Without the temporary table (IndexStore+StreamedSearch).
                (tally, results) = try page(from: hit ?? exactTally ?? Self.streamedTally(
                    match, expression: expression, deferred: deferred!, shown: shown, facets: request.facets, in: db),
                    expression)
                total = tally.total
            } else {
                try Self.collectMatches(match, vectorScores: request.vectorScores, shown: shown,
                                        deferOwnScores: deferred != nil, in: db)
                if cacheKey != nil, let expression = match.allWords, pageEnd > 0, deferred == nil,
                   let tallied = try Self.tallyOfHits(facets: request.facets, in: db) {
                    // Every match ranked by bm25: the page the pass below gives, from a tally kept for other pages.
                    (tally, results) = try page(from: tallied, expression)
                    total = tally.total
                } else {
                    if tallied || request.facets {
                        try Self.tally(&tally, facets: request.facets, ranking: tallied, deferred: &deferred, in: db)
                    }
                    if let deferred, let expression = match.allWords {
                        var known: [Int64: ScoredRow] = [:]
                        let scored = try Self.rankDeferred(deferred, into: &tally, expression: expression,
                                                           known: &known, in: db)
                        for key in tally.best {
                            if let score = scored[key.capture] {
                                try db.execute("UPDATE temp.search_hits SET score = ? WHERE capture = ?",
                                               [.real(score), .integer(key.capture)])
                            }
                        }
                    }
                    total = request.facets || tallied ? tally.total
                        : Int(try db.integer("SELECT count(*) FROM temp.search_hits") ?? 0)
                    results = tallied
                        ? try Self.rows(of: tally.best.dropFirst(request.offset).map { $0.capture }, in: db)
                        : try Self.page(offset: request.offset, limit: request.limit, hybrid: hybrid, in: db)
                }
            }
            if let expression = match.allWords {
                for index in results.indices {
                    try Self.addSnippet(to: &results[index], match: expression, request: request, in: db)
                }
            }
            var facets: [String: [FacetCount]] = [:]
            if request.facets {
                var otherMonths: [Double: String] = [:]
                for date in tally.otherDates.keys {
                    otherMonths[date] = try db.first("SELECT strftime('%Y-%m', ?, 'unixepoch')", [.real(date)]) {
                        $0.string(0)
                    } ?? nil
                }
                facets = tally.facets(limit: Self.facetValueLimit, otherMonths: otherMonths)
                try Self.declaredFacetCounts(into: &facets, in: db)
            }
            let answer = SearchResults(words: match.words, total: total, offset: request.offset, results: results,
                                       facets: facets, hybrid: hybrid)
            if let answerKey { answerCache.withLock { $0.store(answer, for: answerKey) } }
            return answer
        }
    }

    /// Fills `temp.search_hits` with every capture shown that the words match (by its moment's representative),
    /// its best bm25, whether it has the exact phrase, its vector similarity, and its facts; or, without words or
    /// vectors, with every capture shown. A match that is its own representative is judged by `shown` (a 0/1
    /// condition on `capture_facts AS c`) in the same pass and ranked only when shown; the rest (members mapped to
    /// their representative, vector candidates) are judged afterwards, and what is not shown is deleted.
    ///
    /// With `deferOwnScores`, a shown representative's own bm25 in `captures_search` is left NULL and the row
    /// marked `pending` (`DeferredRanking` scores the few that can reach the page); its members' and declared
    /// fields' scores are still computed, and the lowest known kept.
    private static func collectMatches(_ match: MatchQuery, vectorScores: [String: Float],
                                       shown: (sql: String, arguments: [DatabaseValue]), deferOwnScores: Bool,
                                       in db: Database) throws {
        try db.executeScript(Self.emptyHits)
        let facts = "c.id, c.source, c.kind, c.date, c.city, c.has_code, c.labels"
        if match.isEmpty && vectorScores.isEmpty {
            try db.execute("""
                INSERT INTO temp.search_hits (capture, shown, id, source, kind, date, city, has_code, labels)
                SELECT c.capture, 1, \(facts) FROM capture_facts AS c WHERE \(shown.sql)
                """, shown.arguments)
            return
        }
        let representative = Self.representative
        let own = "CASE WHEN c.moment_representative = 1 THEN"
        let upsert = """
            ON CONFLICT (capture) DO UPDATE SET score = CASE WHEN score IS NULL THEN excluded.score
                    WHEN excluded.score IS NULL THEN score ELSE min(score, excluded.score) END,
                pending = coalesce(pending, excluded.pending),
                shown = coalesce(shown, excluded.shown), id = coalesce(id, excluded.id),
                source = coalesce(source, excluded.source), kind = coalesce(kind, excluded.kind),
                date = coalesce(date, excluded.date), city = coalesce(city, excluded.city),
                has_code = coalesce(has_code, excluded.has_code), labels = coalesce(labels, excluded.labels)
            """
        // A representative not shown is left out: nothing it matched can show (a member mapped to it is judged
        // on its facts again). bm25 is called only where the CASE reaches it.
        // (Text scores are never NULL unless deferred, so the upsert's NULL-ignoring min is min.)
        func matches(from tables: String, matching condition: String, score: String, pending: String = "NULL")
            -> String {
            """
            INSERT INTO temp.search_hits (capture, score, shown, id, source, kind, date, city, has_code, labels,
                                          pending)
            SELECT \(representative), CASE WHEN c.moment_representative = 0 OR \(shown.sql) THEN \(score) END,
                   \(own) \(shown.sql) END, \(own) c.id END, \(own) c.source END, \(own) c.kind END, \(own) c.date END,
                   \(own) c.city END, \(own) c.has_code END, \(own) c.labels END, \(pending)
            FROM \(tables)
            WHERE \(condition) AND (c.moment_representative = 0 OR \(shown.sql))
            \(upsert)
            """
        }
        if let expression = match.allWords {
            // Parameters in the order they appear: `shown` twice in the SELECT, the words, `shown` in the WHERE.
            let arguments = shown.arguments + shown.arguments + [.text(expression)] + shown.arguments
            try db.execute(matches(
                from: "captures_search CROSS JOIN capture_facts AS c ON c.capture = captures_search.rowid",
                matching: "captures_search MATCH ?",
                score: deferOwnScores ? "CASE WHEN c.moment_representative = 0 THEN \(builtInBM25) END" : builtInBM25,
                pending: deferOwnScores ? "\(own) 1 END" : "NULL"), arguments)
            try db.execute(matches(
                from: """
                    search_fields_fts CROSS JOIN search_fields AS f ON f.id = search_fields_fts.rowid
                    CROSS JOIN capture_facts AS c ON c.id = f.capture_id
                    """,
                matching: "search_fields_fts MATCH ?", score: "bm25(search_fields_fts)"), arguments)
        }
        if let phrase = match.phrase {
            try db.execute("""
                UPDATE temp.search_hits SET phrase = 1 WHERE capture IN (
                    SELECT \(representative) FROM captures_search
                    CROSS JOIN capture_facts AS c ON c.capture = captures_search.rowid
                    WHERE captures_search MATCH ?1
                    UNION ALL
                    SELECT \(representative) FROM search_fields_fts
                    CROSS JOIN search_fields AS f ON f.id = search_fields_fts.rowid
                    CROSS JOIN capture_facts AS c ON c.id = f.capture_id
                    WHERE search_fields_fts MATCH ?1)
                """, [.text(phrase)])
        }
        for (id, similarity) in vectorScores {
            try db.execute("""
                INSERT INTO temp.search_hits (capture, vector)
                SELECT \(representative), ?2 FROM capture_facts AS c WHERE c.id = ?1
                ON CONFLICT (capture) DO UPDATE SET vector = max(coalesce(vector, -2), excluded.vector)
                """, [.text(id), .real(Double(similarity))])
        }
        // The representatives only reached through a member or a vector are judged on their own facts.
        try db.execute("""
            INSERT INTO temp.search_hits (capture, shown, id, source, kind, date, city, has_code, labels)
            SELECT h.capture, \(shown.sql), \(facts)
            FROM temp.search_hits AS h CROSS JOIN capture_facts AS c ON c.capture = h.capture
            WHERE h.shown IS NULL
            ON CONFLICT (capture) DO UPDATE SET shown = excluded.shown, id = excluded.id, source = excluded.source,
                kind = excluded.kind, date = excluded.date, city = excluded.city, has_code = excluded.has_code,
                labels = excluded.labels
            """, shown.arguments)
        try db.execute("DELETE FROM temp.search_hits WHERE shown IS NOT 1")
    }

    /// One pass over `temp.search_hits`: counts them, keeps the best for the page when `ranking` (text alone or
    /// browsing: the phrase, then -bm25, then the newest, then the id), and counts the built-in facets.
    /// A row whose own bm25 was deferred goes to `deferred` instead, with its docsize record.
    private static func tally(_ tally: inout SearchTally, facets: Bool, ranking: Bool,
                              deferred: inout DeferredRanking?, in db: Database) throws {
        try db.forEachRow("""
            SELECT h.capture, h.phrase, h.score, h.date, h.id, h.source, h.kind, h.city, h.has_code, h.labels,
                   h.pending, CASE WHEN h.pending = 1 THEN (
                       SELECT d.sz FROM captures_search_docsize AS d WHERE d.id = h.capture) END
            FROM temp.search_hits AS h ORDER BY h.capture
            """) { row in
            tally.count()
            let date = row.double(3) ?? 0
            if ranking, deferred != nil, row.int64(10) == 1 {
                deferred!.add(capture: row.int64(0) ?? 0, phrase: row.int64(1) ?? 0, date: date, other: row.double(2),
                              sizes: row.blobBytes(11))
            } else if ranking {
                let phrase = row.int64(1) ?? 0, fused = -(row.double(2) ?? 0)
                if tally.mayKeep(phrase: phrase, fused: fused, date: date) {
                    tally.offer(SearchTally.Key(phrase: phrase, fused: fused, date: date, id: row.string(4) ?? "",
                                                capture: row.int64(0) ?? 0))
                }
            }
            if facets {
                tally.countFacets(source: row.textBytes(5), kind: row.textBytes(6), city: row.textBytes(7),
                                  date: date, hasCode: row.bool(8) ?? false, labels: row.textBytes(9))
            }
        }
    }

    /// The results for these rows of `temp.search_hits`, in this order, with their path, place and moment.
    static func rows(of captures: [Int64], in db: Database) throws -> [SearchResult] {
        try captures.compactMap { capture in
            try db.first("""
                SELECT c.id, c.source, c.path, c.date, c.kind, p.city, p.lat, p.lon, h.score, h.vector, h.phrase,
                       c.moment
                FROM temp.search_hits AS h CROSS JOIN captures AS c ON c.rowid = h.capture
                LEFT JOIN places AS p ON p.capture_id = c.id
                WHERE h.capture = ?
                """, [.integer(capture)], result)
        }
    }

    /// A result from a row of `id, source, path, date, kind, city, lat, lon, score, vector, phrase, moment`.
    static func result(_ row: Row) -> SearchResult {
        var place = row.string(5)
        if place == nil, let lat = row.double(6), let lon = row.double(7) { place = "\(lat),\(lon)" }
        return SearchResult(id: row.string(0) ?? "", source: row.string(1) ?? "", path: row.string(2) ?? "",
                            date: Date(timeIntervalSince1970: row.double(3) ?? 0), kind: row.string(4) ?? "",
                            place: place, field: nil, snippet: nil, textScore: row.double(8),
                            vectorScore: row.double(9), exactPhrase: row.bool(10) ?? false, moment: row.string(11))
    }

    /// One page of `temp.search_hits`: the exact phrase first; then bm25 (text alone), a reciprocal-rank fusion of
    /// bm25 and vector similarity (hybrid), or the date (browsing); then newest first and by id.
    private static func page(offset: Int, limit: Int, hybrid: Bool, in db: Database) throws -> [SearchResult] {
        guard limit > 0 else { return [] }
        let rank = hybrid ? """
            (CASE WHEN h.score IS NULL THEN 0.0 ELSE 1.0 / (60 + rank() OVER (ORDER BY h.score IS NULL, h.score)) END
             + CASE WHEN h.vector IS NULL THEN 0.0
                    ELSE 1.0 / (60 + rank() OVER (ORDER BY h.vector IS NULL, h.vector DESC)) END)
            """ : "-coalesce(h.score, 0)"
        // The page is chosen from the narrow temporary table alone; only its rows are joined to `captures` and
        // `places` (joining every result before sorting cost a row lookup and three place lookups per result).
        return try db.query("""
            SELECT c.id, c.source, c.path, c.date, c.kind, p.city, p.lat, p.lon, h.score, h.vector, h.phrase, c.moment,
                   h.fused
            FROM (SELECT h.capture, h.score, h.vector, h.phrase, h.date, h.id, \(rank) AS fused
                  FROM temp.search_hits AS h
                  ORDER BY h.phrase DESC, fused DESC, h.date DESC, h.id LIMIT ? OFFSET ?) AS h
            CROSS JOIN captures AS c ON c.rowid = h.capture
            LEFT JOIN places AS p ON p.capture_id = c.id
            ORDER BY h.phrase DESC, h.fused DESC, h.date DESC, h.id
            """, [DatabaseValue(limit), DatabaseValue(offset)], result)
    }

    /// The best marked snippet of a result: from the first built-in column with a match, else from a declared
    /// field, else from a member of its moment that matched.
    private static func addSnippet(to result: inout SearchResult, match: String, request: SearchRequest,
                                   in db: Database) throws {
        let marks: [DatabaseValue] = [.text(request.openMark), .text(request.closeMark)]
        var ids = [result.id]
        if let moment = result.moment {
            ids += try db.query("SELECT id FROM captures WHERE moment = ? AND id != ? ORDER BY id",
                                [.text(moment), .text(result.id)]) { $0.string(0) ?? "" }
        }
        for id in ids {
            let columns = try db.first("""
                SELECT snippet(captures_search, 0, ?1, ?2, '…', 12), snippet(captures_search, 1, ?1, ?2, '…', 12),
                       snippet(captures_search, 2, ?1, ?2, '…', 12)
                FROM captures_search WHERE captures_search MATCH ?3
                    AND rowid = (SELECT rowid FROM captures WHERE id = ?4)
                """, marks + [.text(match), .text(id)]) { row in (0..<3).map { row.string(Int32($0)) } }
            if let columns {
                for (index, text) in columns.enumerated() where text?.contains(request.openMark) == true {
                    result.field = SearchField.builtIn[index].rawValue
                    result.snippet = text
                    return
                }
            }
            if let (field, text) = try db.first("""
                SELECT f.field, snippet(search_fields_fts, 0, ?1, ?2, '…', 12)
                FROM search_fields_fts JOIN search_fields AS f ON f.id = search_fields_fts.rowid
                WHERE search_fields_fts MATCH ?3 AND f.capture_id = ?4
                ORDER BY bm25(search_fields_fts) LIMIT 1
                """, marks + [.text(match), .text(id)], { ($0.string(0) ?? "", $0.string(1) ?? "") }) {
                result.field = field
                result.snippet = text
                return
            }
        }
    }
}
