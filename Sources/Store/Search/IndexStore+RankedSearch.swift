import Foundation

/// Ranked search with snippets, filters, facets and paging (`pool-pipeline search`).
///
/// ```
/// words ─► MatchQuery ─► captures_search (text, labels, path) ─┐  × capture_facts (narrow, by rowid): judged,
///                     └► search_fields_fts (declared fields) ──┴► bm25 only if shown, each member of a moment
///                                                                 counted as its representative ─► temp.search_matches
/// vector scores (optional) ───────────────────────────────────────────────────────────────────────┘
/// temp.search_matches ─► visible, filtered ─► temp.search_hits ─► page (phrase first, then rank) + snippets
///                                                            └──► facet counts (from its own columns)
/// ```
///
/// Matches are judged on `capture_facts` (one short row per capture, kept by triggers; see
/// `IndexSchema.addCaptureFacts`), never on the wide `captures` rows, and bm25 is computed only for a match that
/// will be shown (or a member of a moment, counted for its representative): a filter that drops most matches drops
/// their ranking too. Every join from a temporary table of results is a `CROSS JOIN`, which keeps the results as the
/// outer loop (the temporary tables have no statistics).
extension IndexStore {
    /// Runs `request` over what `options` show at `now`.
    public func search(_ request: SearchRequest, options: IndexOptions = IndexOptions(),
                       now: Date = Date()) throws -> SearchResults {
        let match = MatchQuery(request.text, prefix: request.prefix)
        return try read { db in
            let hybrid = !request.vectorScores.isEmpty
            let browsing = match.isEmpty && !hybrid
            let visible = Visibility.factsCondition(options, now: now)
            let filters = try request.filters.condition(in: db)
            let shown = (sql: "(\(visible.sql)) AND (\(filters.sql))", arguments: visible.arguments + filters.arguments)
            try Self.collectMatches(match, vectorScores: request.vectorScores, shown: shown, in: db)
            try db.execute("DELETE FROM temp.search_hits")
            if browsing {
                try db.execute("""
                    INSERT INTO temp.search_hits (capture, score, phrase, vector, id, source, kind, date, city, has_code,
                                                  labels)
                    SELECT c.capture, NULL, 0, NULL, c.id, c.source, c.kind, c.date, c.city, c.has_code, c.labels
                    FROM capture_facts AS c WHERE \(shown.sql)
                    """, shown.arguments)
            } else {
                // Matches that are their own representative were judged while collecting; the rest (members mapped
                // to their representative, vector candidates, an undecided NULL) are judged here.
                try db.execute("""
                    INSERT INTO temp.search_hits (capture, score, phrase, vector, id, source, kind, date, city, has_code,
                                                  labels)
                    SELECT m.capture, m.score, m.phrase, m.vector, c.id, c.source, c.kind, c.date, c.city, c.has_code,
                           c.labels
                    FROM temp.search_matches AS m CROSS JOIN capture_facts AS c ON c.capture = m.capture
                    WHERE m.shown = 1 OR (m.shown IS NULL AND \(shown.sql))
                    """, shown.arguments)
            }
            let total = Int(try db.integer("SELECT count(*) FROM temp.search_hits") ?? 0)
            var results = try Self.page(offset: request.offset, limit: request.limit, hybrid: hybrid, in: db)
            if let expression = match.allWords {
                for index in results.indices {
                    try Self.addSnippet(to: &results[index], match: expression, request: request, in: db)
                }
            }
            return SearchResults(words: match.words, total: total, offset: request.offset, results: results,
                                 facets: request.facets ? try Self.facetCounts(in: db) : [:], hybrid: hybrid)
        }
    }

    /// Fills `temp.search_matches` with every capture the words match (by its moment's representative), its best
    /// bm25 and whether it has the exact phrase, plus the vector candidates. A match that is its own representative
    /// is judged by `shown` (a condition on `capture_facts AS c`) in the same pass, and ranked only when shown;
    /// `shown` stays NULL for the others (members, always ranked: their score counts for their representative).
    private static func collectMatches(_ match: MatchQuery, vectorScores: [String: Float],
                                       shown: (sql: String, arguments: [DatabaseValue]), in db: Database) throws {
        try db.executeScript("""
            CREATE TEMP TABLE IF NOT EXISTS search_matches (
                capture INTEGER PRIMARY KEY, score REAL, phrase INTEGER NOT NULL DEFAULT 0, vector REAL,
                shown INTEGER);
            CREATE TEMP TABLE IF NOT EXISTS search_hits (
                capture INTEGER PRIMARY KEY, score REAL, phrase INTEGER NOT NULL DEFAULT 0, vector REAL,
                id TEXT NOT NULL, source TEXT NOT NULL, kind TEXT NOT NULL, date REAL NOT NULL, city TEXT,
                has_code INTEGER NOT NULL, labels TEXT);
            DELETE FROM temp.search_matches;
            """)
        let representative = """
            CASE WHEN c.moment_representative = 0 THEN coalesce((
                SELECT r.capture FROM capture_facts AS r WHERE r.moment = c.moment AND r.moment_representative = 1),
                c.capture) ELSE c.capture END
            """
        let upsert = "ON CONFLICT (capture) DO UPDATE SET score = min(score, excluded.score), shown = coalesce(shown, excluded.shown)"
        if let expression = match.allWords {
            // bm25 is called only where the CASE reaches it: for members, and for representatives shown.
            try db.execute("""
                INSERT INTO temp.search_matches (capture, score, shown)
                SELECT \(representative),
                       CASE WHEN c.moment_representative = 0 OR (\(shown.sql)) IS 1
                            THEN bm25(captures_search, 1.0, 0.8, 0.4) END,
                       CASE WHEN c.moment_representative = 1 THEN (\(shown.sql)) END
                FROM captures_search CROSS JOIN capture_facts AS c ON c.capture = captures_search.rowid
                WHERE captures_search MATCH ?
                \(upsert)
                """, shown.arguments + shown.arguments + [.text(expression)])
            try db.execute("""
                INSERT INTO temp.search_matches (capture, score, shown)
                SELECT \(representative),
                       CASE WHEN c.moment_representative = 0 OR (\(shown.sql)) IS 1 THEN bm25(search_fields_fts) END,
                       CASE WHEN c.moment_representative = 1 THEN (\(shown.sql)) END
                FROM search_fields_fts CROSS JOIN search_fields AS f ON f.id = search_fields_fts.rowid
                CROSS JOIN capture_facts AS c ON c.id = f.capture_id
                WHERE search_fields_fts MATCH ?
                \(upsert)
                """, shown.arguments + shown.arguments + [.text(expression)])
        }
        if let phrase = match.phrase {
            try db.execute("""
                UPDATE temp.search_matches SET phrase = 1 WHERE capture IN (
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
                INSERT INTO temp.search_matches (capture, vector)
                SELECT \(representative), ?2 FROM capture_facts AS c WHERE c.id = ?1
                ON CONFLICT (capture) DO UPDATE SET vector = max(coalesce(vector, -2), excluded.vector)
                """, [.text(id), .real(Double(similarity))])
        }
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
            """, [DatabaseValue(limit), DatabaseValue(offset)]) { row in
            var place = row.string(5)
            if place == nil, let lat = row.double(6), let lon = row.double(7) { place = "\(lat),\(lon)" }
            return SearchResult(id: row.string(0) ?? "", source: row.string(1) ?? "", path: row.string(2) ?? "",
                                date: Date(timeIntervalSince1970: row.double(3) ?? 0), kind: row.string(4) ?? "",
                                place: place, field: nil, snippet: nil, textScore: row.double(8),
                                vectorScore: row.double(9), exactPhrase: row.bool(10) ?? false, moment: row.string(11))
        }
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
