/// The parts of a common word's search that both rankings share (`streamedTally` with its deferred bm25,
/// `exactTally` with every score exact): FTS5's totals, the representatives the exact phrase matches, and those a
/// query reaches only through a moment's member or a declared field.
extension IndexStore {
    /// FTS5's totals for bm25 (the row count, then each column's token total), from its averages record; nil when
    /// the record is missing, malformed or counts no row.
    static func searchTotals(in db: Database) throws -> [Int64]? {
        guard let averages = try db.first("SELECT block FROM captures_search_data WHERE id = 1", [], { $0.blob(0) }),
              let averages, let totals = BM25Bound.varints(averages), totals.count == builtInWeights.count + 1,
              totals[0] > 0
        else { return nil }
        return totals
    }

    /// The representatives whose own text or declared fields match `match`'s exact phrase; empty without one.
    static func phraseMatches(_ match: MatchQuery, in db: Database) throws -> Set<Int64> {
        var phrases = Set<Int64>()
        guard let phrase = match.phrase else { return phrases }
        try db.forEachRow("""
            SELECT \(representative) FROM captures_search
            CROSS JOIN capture_facts AS c ON c.capture = captures_search.rowid WHERE captures_search MATCH ?1
            UNION ALL
            SELECT \(representative) FROM search_fields_fts
            CROSS JOIN search_fields AS f ON f.id = search_fields_fts.rowid
            CROSS JOIN capture_facts AS c ON c.id = f.capture_id WHERE search_fields_fts MATCH ?1
            """, [.text(phrase)]) { phrases.insert($0.int64(0) ?? 0) }
        return phrases
    }

    /// The representatives reached through a member (`others`: the lowest bm25 each has from its members) or a
    /// declared field matching `expression`, with the lowest score kept. One the ranking already holds takes that
    /// score (`setOther` says so); the others are judged on their own facts: counted in `tally`, added to
    /// `results`, and returned with their keys.
    static func reachedOtherwise(_ expression: String, others members: [Int64: Double],
                                 shown: (sql: String, arguments: [DatabaseValue]), facets: Bool,
                                 tally: inout SearchTally, results: inout [Int64], phraseFlag: (Int64) -> Int64,
                                 setOther: (Int64, Double) -> Bool,
                                 in db: Database) throws -> [(key: SearchTally.Key, score: Double)] {
        var others = members
        try db.forEachRow("""
            SELECT \(representative), bm25(search_fields_fts) FROM search_fields_fts
            CROSS JOIN search_fields AS f ON f.id = search_fields_fts.rowid
            CROSS JOIN capture_facts AS c ON c.id = f.capture_id
            WHERE search_fields_fts MATCH ? AND (c.moment_representative = 0 OR \(shown.sql))
            """, [.text(expression)] + shown.arguments) { row in
            if let representative = row.int64(0), let score = row.double(1) {
                others[representative] = min(others[representative] ?? score, score)
            }
        }
        var reached: [(key: SearchTally.Key, score: Double)] = []
        for (representative, score) in others.sorted(by: { $0.key < $1.key }) {
            if setOther(representative, score) { continue }
            // Reached only through a member or a field: judged on its own facts.
            try db.forEachRow("""
                SELECT \(shown.sql), c.date, c.source, c.kind, c.city, c.has_code, c.labels, c.id
                FROM capture_facts AS c WHERE c.capture = ?
                """, shown.arguments + [.integer(representative)]) { row in
                guard row.int64(0) == 1 else { return }
                let date = tally.countShown(row, dateColumn: 1, facets: facets)
                reached.append((SearchTally.Key(phrase: phraseFlag(representative), fused: -score, date: date,
                                                id: row.string(7) ?? "", capture: representative), score))
                results.append(representative)
            }
        }
        return reached
    }
}
