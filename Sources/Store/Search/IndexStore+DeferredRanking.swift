import Foundation

/// The queries behind `DeferredRanking`: whether a query's words are worth deferring, their instances and the
/// table's averages, and FTS5's `bm25()` for the few rows that can reach the page.
extension IndexStore {
    /// The built-in searchable columns of `captures_search` and their bm25 weights, in column order.
    static let builtInWeights: [(column: String, weight: Double)] = [("text", 1.0), ("labels", 0.8), ("path", 0.4)]

    /// `bm25(captures_search, …)` with the built-in weights.
    static let builtInBM25 = "bm25(captures_search, "
        + builtInWeights.map { String($0.weight) }.joined(separator: ", ") + ")"

    /// Matches below this estimate are ranked with `bm25()` each (reading the words' instances costs more).
    static let deferredRankingMinimum = 2_000

    /// A `DeferredRanking` for `match` when every word is one ASCII token, there is no prefix, and the matches are
    /// estimated at `minimum` or more and many enough that reading the words' instances costs less than a `bm25()`
    /// per match (`minimum` 0: whenever the words allow it); else nil. `labels`: the label filters, whose share of
    /// the captures scales the bm25s the other plan would compute (it ranks only what is shown), not the instances.
    static func deferredRanking(for match: MatchQuery, labels: [String] = [], minimum: Int, in db: Database) throws
        -> DeferredRanking? {
        guard match.isPlainWords else { return nil }
        try db.executeScript("""
            CREATE VIRTUAL TABLE IF NOT EXISTS temp.captures_search_terms USING fts5vocab(main, captures_search, row);
            CREATE VIRTUAL TABLE IF NOT EXISTS temp.captures_search_instances
                USING fts5vocab(main, captures_search, instance);
            """)
        guard let totals = try searchTotals(in: db) else { return nil }
        let rowCount = totals[0]
        let terms = match.words.map { $0.lowercased() }
        // Rows holding each word and its instances, from the vocabulary (one lookup each): the matches are at most
        // the rarest word's rows, about rows × the product of the words' shares if they are independent.
        var estimate = Double(rowCount), instanceCount = 0.0
        for term in Set(terms) {
            guard let (rows, count) = try db.first("""
                SELECT doc, cnt FROM temp.captures_search_terms WHERE term = ?
                """, [.text(term)], { ($0.double(0) ?? 0, $0.double(1) ?? 0) }) else { return nil }
            estimate *= rows / Double(rowCount)
            instanceCount += count
        }
        // bm25 ~1.3 µs a match shown; an instance read ~0.2 µs, for every instance whatever the filters.
        if minimum > 0 {
            guard estimate >= Double(minimum) else { return nil }
            let shown = estimate * (try labelShare(labels, rowCount: rowCount, in: db))
            guard shown * 1.3 > instanceCount * 0.25 else { return nil }
        }
        var byTerm: [String: DeferredRanking.Frequencies] = [:]
        for term in Set(terms) {
            guard let frequencies = try instances(of: term, in: db) else { return nil }
            byTerm[term] = frequencies
        }
        let bound = BM25Bound(rowCount: rowCount, tokenCount: totals.dropFirst().reduce(0, +),
                              hits: terms.map { Int64(byTerm[$0]!.rows.count) })
        return DeferredRanking(bound: bound, phrases: terms.map { byTerm[$0]! })
    }

    /// The share of the captures carrying the rarest of `labels` (1 without labels), from `labels_by_name`.
    private static func labelShare(_ labels: [String], rowCount: Int64, in db: Database) throws -> Double {
        var share = 1.0
        for label in Set(labels) {
            let count = try db.integer("SELECT count(*) FROM labels WHERE name = ?", [.text(label)]) ?? 0
            share = min(share, Double(count) / Double(rowCount))
        }
        return share
    }

    /// A term's instances in `captures_search`: its rows, ascending, and its count in each weighted by column;
    /// nil if the vocabulary does not list them in row order or names a column not known here.
    private static func instances(of term: String, in db: Database) throws -> DeferredRanking.Frequencies? {
        var frequencies = DeferredRanking.Frequencies()
        let names = builtInWeights.map { Array($0.column.utf8) }
        var valid = true
        try db.forEachRow("SELECT doc, col FROM temp.captures_search_instances WHERE term = ?", [.text(term)]) { row in
            guard valid, let doc = row.int64(0), let column = row.textBytes(1),
                  let index = names.firstIndex(where: { $0.elementsEqual(column) }) else {
                valid = false
                return
            }
            let weight = builtInWeights[index].weight
            if let last = frequencies.rows.last, last == doc {
                frequencies.weights[frequencies.weights.count - 1] += weight
            } else if frequencies.rows.last.map({ $0 < doc }) ?? true {
                frequencies.rows.append(doc)
                frequencies.weights.append(weight)
            } else {
                valid = false
            }
        }
        return valid ? frequencies : nil
    }

    /// What `rankDeferred` learned of a row: its own bm25 from FTS5 (nil if FTS5 gave none) and its id. Valid as
    /// long as the index is unchanged, so a cached tally keeps them (`SearchCache`).
    struct ScoredRow: Sendable {
        var own: Double?
        var id: String
    }

    /// Scores the pending rows of `deferred`, best bound first, in batches, offering each to `tally`, until the next
    /// bound cannot enter it. Returns the final score (the lowest bm25 of the row and what it stands for) of every
    /// row scored, by capture. `known`: rows already scored by FTS5 on this index (not asked again), and then also
    /// those scored now.
    static func rankDeferred(_ deferred: DeferredRanking, into tally: inout SearchTally, expression: String,
                             known: inout [Int64: ScoredRow], in db: Database) throws -> [Int64: Double] {
        // Usually one batch reaches the page: the first rows are chosen by a bounded heap, and every row is sorted
        // only if those run out before the bounds fall below the page. A batch is one pass over the words' whole
        // doclist whatever its size, so it scores four pages' worth: the next page (kept, `SearchCache`) then
        // seldom needs another pass.
        let batchSize = max(tally.keep * 4, 128)
        var order = deferred.order(limit: batchSize * 4)
        var sortedAll = order.count == deferred.captures.count
        var scored: [Int64: Double] = [:]
        var next = 0
        while true {
            if next == order.count {
                guard !sortedAll else { break }
                order = Array(order.prefix(next)) + deferred.order(skipping: Set(order.prefix(next)))
                sortedAll = true
                continue
            }
            guard !deferred.cannotEnter(order[next], tally) else { break }
            let batch = order[next..<min(order.count, next + batchSize)]
            next = batch.endIndex
            // One MATCH over the batch's range (FTS5 computes the words' IDFs once a statement).
            let captures = batch.map { deferred.captures[$0] }.filter { known[$0] == nil }
            if !captures.isEmpty {
                let list = "[" + captures.map(String.init).joined(separator: ",") + "]"
                var own: [Int64: Double] = [:]
                try db.forEachRow("""
                    SELECT rowid, CASE WHEN rowid IN (SELECT value FROM json_each(?2)) THEN \(builtInBM25) END
                    FROM captures_search WHERE captures_search MATCH ?1 AND rowid BETWEEN ?3 AND ?4
                    """, [.text(expression), .text(list), .integer(captures.min()!), .integer(captures.max()!)]) { row in
                    if let capture = row.int64(0), let score = row.double(1) { own[capture] = score }
                }
                var ids: [Int64: String] = [:]
                try db.forEachRow("""
                    SELECT capture, id FROM capture_facts WHERE capture IN (SELECT value FROM json_each(?))
                    """, [.text(list)]) { row in ids[row.int64(0) ?? 0] = row.string(1) ?? "" }
                for capture in captures { known[capture] = ScoredRow(own: own[capture], id: ids[capture] ?? "") }
            }
            for index in batch {
                let capture = deferred.captures[index]
                let row = known[capture]
                guard let score = [row?.own, deferred.others[index]].compactMap({ $0 }).min() else {
                    throw StoreError.corruptRow(table: "captures_search", column: "bm25", id: String(capture))
                }
                scored[capture] = score
                let phrase = deferred.phraseFlags[index], date = deferred.dates[index]
                if tally.mayKeep(phrase: phrase, fused: -score, date: date) {
                    tally.offer(SearchTally.Key(phrase: phrase, fused: -score, date: date, id: row?.id ?? "",
                                                capture: capture))
                }
            }
        }
        return scored
    }
}
