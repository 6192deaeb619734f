import Foundation

/// `exactTally` with the facts read from a `FactsMirror` instead of a join: the matches are read from FTS5 alone
/// (rowid and phrase frequencies), each judged by `FactsPredicate` and counted by value number, and the counts are
/// turned into `SearchTally`'s once at the end.
///
/// ```
/// captures_search MATCH ─► rowid, pool_phrase_frequencies ─► mirror[rowid]: member? ─► its representative's bm25
///                                                                           shown? ─► total, facet counts by number,
///                                                                                     exact bm25 (size from mirror)
/// ─► ExactPass.finish (best row checked against bm25(), members' representatives, declared fields) ─► StreamedTally
/// ```
///
/// The same tally as `exactTally` at the same version of the index: the mirror holds the same facts, the predicate
/// decides as the SQL condition does, and a member's bm25 is computed by the formula `ExactRanking` checks bit for
/// bit against FTS5's (`FactsMirrorTests` compares whole answers with the join's).
extension IndexStore {
    static func mirroredTally(_ match: MatchQuery, expression: String, bound: BM25Bound, mirror: FactsMirror,
                              predicate: FactsPredicate, shown: (sql: String, arguments: [DatabaseValue]),
                              facets: Bool, keep: Int, in db: Database) throws -> StreamedTally? {
        try db.registerPhraseFrequencies()
        var pass = ExactPass(bound: bound, phrases: try phraseMatches(match, in: db), keep: keep)
        let weights = builtInWeights.map { String($0.weight) }.joined(separator: ", ")
        var sources = [Int](repeating: 0, count: mirror.sources.count)
        var kinds = [Int](repeating: 0, count: mirror.kinds.count)
        var cities = [Int](repeating: 0, count: mirror.cities.count + 1)
        var labels = [Int](repeating: 0, count: mirror.labels.count)
        var months: [Int32: Int] = [:]
        var otherDates: [Double: Int] = [:]
        var shownCount = 0, withCode = 0
        var failure: StoreError?
        /// A row's size: the mirror's, else its docsize record.
        func size(_ index: Int, _ capture: Int64) throws -> Int64? {
            let known = mirror.size[index]
            if known >= 0 { return Int64(known) }
            return try db.first("SELECT sz FROM captures_search_docsize WHERE id = ?", [.integer(capture)]) {
                $0.blobBytes(0).flatMap(BM25Bound.varintSum)
            } ?? nil
        }
        try db.forEachRow("""
            SELECT rowid, \(Database.phraseFrequenciesFunction)(captures_search, \(weights))
            FROM captures_search WHERE captures_search MATCH ?
            """, [.text(expression)]) { row in
            let capture = row.int64(0) ?? 0
            // A match without facts is no capture's (the join would drop it).
            guard let index = mirror.index(of: capture) else { return }
            if mirror.flags[index].contains(.member) {
                if let representative = mirror.representatives[capture], let size = try size(index, capture),
                   let frequencies = row.blobBytes(1),
                   let score = pass.ranking.score(frequencies: frequencies, size: size) {
                    pass.addMember(representative: representative, score: score)
                }
                return
            }
            guard predicate.shows(index, in: mirror) else { return }
            shownCount += 1
            let date = mirror.date[index]
            if facets {
                sources[Int(mirror.source[index])] += 1
                kinds[Int(mirror.kind[index])] += 1
                cities[Int(mirror.city[index])] += 1
                let month = mirror.month[index]
                if month != Int32.min { months[month, default: 0] += 1 } else { otherDates[date, default: 0] += 1 }
                if mirror.flags[index].contains(.codeTrue) { withCode += 1 }
                if mirror.flags[index].contains(.labelled) {
                    for label in mirror.rowLabels(at: index) { labels[Int(label)] += 1 }
                }
            }
            guard let size = try size(index, capture), let frequencies = row.blobBytes(1),
                  let score = pass.ranking.score(frequencies: frequencies, size: size)
            else {
                failure = failure ?? StoreError.corruptRow(table: "capture_facts", column: "size", id: String(capture))
                return
            }
            try pass.addShown(capture, date: date, score: score) { try captureID(capture, in: db) }
        }
        if let failure { throw failure }
        pass.tally.count(shownCount)
        if facets {
            for (number, count) in sources.enumerated() { pass.tally.add(count, .source, bytes: mirror.sources.values[number]) }
            for (number, count) in kinds.enumerated() { pass.tally.add(count, .kind, bytes: mirror.kinds.values[number]) }
            for (number, count) in cities.enumerated().dropFirst() {
                pass.tally.add(count, .city, bytes: mirror.cities.values[number - 1])
            }
            for (number, count) in labels.enumerated() { pass.tally.add(count, .label, bytes: mirror.labels.values[number]) }
            for (month, count) in months { pass.tally.months[Int(month), default: 0] += count }
            for (date, count) in otherDates { pass.tally.otherDates[date, default: 0] += count }
            if withCode > 0 { pass.tally.codes[true, default: 0] += withCode }
            if shownCount > withCode { pass.tally.codes[false, default: 0] += shownCount - withCode }
        }
        return try pass.finish(expression, shown: shown, facets: facets, in: db)
    }
}
