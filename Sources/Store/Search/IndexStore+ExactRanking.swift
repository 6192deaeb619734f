import Foundation

/// The queries behind `ExactRanking`: whether a query's words are common enough, the statistics bm25 needs, and the
/// one pass over the matches joined to `capture_facts` that counts, judges and scores them all.
extension IndexStore {
    /// The statistics to rank `match` exactly when every word is one ASCII token, there is no prefix, and the
    /// matches are estimated at `minimum` or more (0: whenever the words allow it); else nil.
    static func exactRankingBound(for match: MatchQuery, minimum: Int, in db: Database) throws -> BM25Bound? {
        guard match.isPlainWords else { return nil }
        try db.executeScript("""
            CREATE VIRTUAL TABLE IF NOT EXISTS temp.captures_search_terms USING fts5vocab(main, captures_search, row);
            """)
        guard let totals = try searchTotals(in: db) else { return nil }
        let rowCount = totals[0]
        let terms = match.words.map { $0.lowercased() }
        var rows: [String: Int64] = [:]
        var estimate = Double(rowCount)
        for term in Set(terms) {
            guard let count = try db.first("SELECT doc FROM temp.captures_search_terms WHERE term = ?",
                                           [.text(term)], { $0.int64(0) }), let count else { return nil }
            rows[term] = count
            estimate *= Double(count) / Double(rowCount)
        }
        guard estimate >= Double(minimum) else { return nil }
        return BM25Bound(rowCount: rowCount, tokenCount: totals.dropFirst().reduce(0, +),
                         hits: terms.map { rows[$0]! })
    }

    /// What one pass over a common word's matches gathers for `ExactRanking`, whatever reads the matches' facts
    /// (`exactTally` joining `capture_facts`, `mirroredTally` from a `FactsMirror`).
    struct ExactPass {
        var ranking: ExactRanking
        var tally = SearchTally(keep: 0)
        var results: [Int64] = []
        /// The lowest bm25 each representative has from its members.
        var others: [Int64: Double] = [:]
        /// Which ids the first page may need: offered with the rows' own scores (a member's can only raise one).
        var probe: SearchTally
        var best: (capture: Int64, own: Double)?
        let phrases: Set<Int64>

        init(bound: BM25Bound, phrases: Set<Int64>, keep: Int) {
            ranking = ExactRanking(bound: bound)
            probe = SearchTally(keep: keep)
            self.phrases = phrases
        }

        func phraseFlag(_ capture: Int64) -> Int64 { phrases.isEmpty ? 0 : (phrases.contains(capture) ? 1 : 0) }

        /// A member's bm25, counted for its representative.
        mutating func addMember(representative: Int64, score: Double) {
            others[representative] = min(others[representative] ?? score, score)
        }

        /// A shown representative (already counted in `tally`), in ascending row order; `id` reads its id when
        /// it may enter the first page.
        mutating func addShown(_ capture: Int64, date: Double, score: Double, id: () throws -> String) rethrows {
            let phrase = phraseFlag(capture)
            ranking.add(capture: capture, phrase: phrase, date: date, score: score)
            if best.map({ score < $0.own }) ?? true { best = (capture, score) }
            if probe.mayKeep(phrase: phrase, fused: -score, date: date) {
                let name = try id()
                ranking.ids[capture] = name
                probe.offer(SearchTally.Key(phrase: phrase, fused: -score, date: date, id: name, capture: capture))
            }
            results.append(capture)
        }

        /// The tally once every match was read: nil when the best row's score is not FTS5's `bm25()` (the
        /// formula and its statistics checked on every search); else with the representatives reached only
        /// through a member or a declared field.
        func finish(_ expression: String, shown: (sql: String, arguments: [DatabaseValue]), facets: Bool,
                             in db: Database) throws -> StreamedTally? {
            if let best {
                let fts5 = try db.first("""
                    SELECT \(IndexStore.builtInBM25) FROM captures_search WHERE captures_search MATCH ? AND rowid = ?
                    """, [.text(expression), .integer(best.capture)]) { $0.double(0) } ?? nil
                guard fts5?.bitPattern == best.own.bitPattern else { return nil }
            }
            let phrases = phrases
            var (tally, results, ranking) = (self.tally, self.results, self.ranking)
            let reached = try IndexStore.reachedOtherwise(
                expression, others: others, shown: shown, facets: facets, tally: &tally, results: &results,
                phraseFlag: { phrases.isEmpty ? 0 : (phrases.contains($0) ? 1 : 0) },
                setOther: { ranking.setOther(capture: $0, $1) }, in: db)
            let none = DeferredRanking(bound: BM25Bound(rowCount: 1, tokenCount: 1, hits: []), phrases: [])
            return StreamedTally(counts: tally, reached: reached, deferred: none, results: results, exact: ranking)
        }
    }

    /// Reads every match once, as `streamedTally` does, ranking every shown one exactly (`ExactRanking`); nil when
    /// the check of the best row against FTS5's `bm25()` fails (then the caller ranks another way).
    static func exactTally(_ match: MatchQuery, expression: String, bound: BM25Bound,
                           shown: (sql: String, arguments: [DatabaseValue]), facets: Bool, keep: Int,
                           in db: Database) throws -> StreamedTally? {
        try db.registerPhraseFrequencies()
        var pass = ExactPass(bound: bound, phrases: try phraseMatches(match, in: db), keep: keep)
        let weights = builtInWeights.map { String($0.weight) }.joined(separator: ", ")
        var failure: StoreError?
        try db.forEachRow("""
            SELECT captures_search.rowid, c.moment_representative, c.date, c.source, c.kind, c.city, c.has_code,
                   c.labels,
                   CASE WHEN c.moment_representative = 0 THEN \(representative) END,
                   CASE WHEN c.moment_representative = 0 THEN \(builtInBM25) END,
                   CASE WHEN c.moment_representative = 1 THEN
                       \(Database.phraseFrequenciesFunction)(captures_search, \(weights)) END,
                   c.size,
                   CASE WHEN c.moment_representative = 1 AND c.size IS NULL THEN (
                       SELECT d.sz FROM captures_search_docsize AS d WHERE d.id = captures_search.rowid) END,
                   c.id
            FROM captures_search CROSS JOIN capture_facts AS c ON c.capture = captures_search.rowid
            WHERE captures_search MATCH ? AND (c.moment_representative = 0 OR \(shown.sql))
            """, [.text(expression)] + shown.arguments) { row in
            let capture = row.int64(0) ?? 0
            if row.int64(1) == 0 {
                if let representative = row.int64(8), let score = row.double(9) {
                    pass.addMember(representative: representative, score: score)
                }
                return
            }
            let date = pass.tally.countShown(row, dateColumn: 2, facets: facets)
            guard let size = row.int64(11) ?? row.blobBytes(12).flatMap(BM25Bound.varintSum),
                  let frequencies = row.blobBytes(10),
                  let score = pass.ranking.score(frequencies: frequencies, size: size)
            else {
                failure = failure ?? StoreError.corruptRow(table: "capture_facts", column: "size", id: String(capture))
                return
            }
            pass.addShown(capture, date: date, score: score) { row.string(13) ?? "" }
        }
        if let failure { throw failure }
        return try pass.finish(expression, shown: shown, facets: facets, in: db)
    }

    /// Capture `capture`'s id (for a result that may enter a page, when not read yet).
    static func captureID(_ capture: Int64, in db: Database) throws -> String {
        try db.first("SELECT id FROM capture_facts WHERE capture = ?", [.integer(capture)]) { $0.string(0) ?? "" } ?? ""
    }
}
