/// Every shown match of a common word, ranked by the bm25 FTS5 would give it, computed in Swift from what the
/// search already reads: each phrase's frequency in the row (`pool_phrase_frequencies`, as `bm25()` counts them),
/// the row's size in tokens (`capture_facts.size`), and per query the table's row count, its average size and
/// each phrase's rows (FTS5's averages record and `fts5vocab`, one lookup per word).
///
/// ```
/// averages record + fts5vocab rows per word ─► BM25Bound (IDFs, average size)
/// per shown match: phrase frequencies + size ─► BM25Bound.score: the same operations in the same order as
///                                               fts5Bm25Function, so the same Double
/// ```
///
/// `bm25()` itself costs ~1.3 µs a match (a docsize lookup and a count of each phrase's rows per statement); this
/// costs a function call reading the row's instances. The scores are bit for bit FTS5's (`ExactRankingTests`
/// compares them on every row); `IndexStore+ExactRanking` also checks the best row against `bm25()` on every
/// search and falls back to `DeferredRanking` if they ever differ. Pure.
struct ExactRanking {
    let bound: BM25Bound

    /// Every shown representative that matched, in row order, with its exact phrase flag, date, bm25 (the lowest
    /// of its own and its members' and fields') and own bm25.
    private(set) var captures: [Int64] = []
    private(set) var phraseFlags: [Int64] = []
    private(set) var dates: [Double] = []
    private(set) var scores: [Double] = []
    /// Ids read so far (for the ranking's ties), by capture.
    var ids: [Int64: String] = [:]

    init(bound: BM25Bound) {
        self.bound = bound
    }

    /// The bm25 FTS5 gives a row whose phrases have these frequencies (`pool_phrase_frequencies`' blob: one native
    /// Double per phrase) and whose size is `size` tokens; nil for a malformed blob.
    func score(frequencies: UnsafeRawBufferPointer, size: Int64) -> Double? {
        guard frequencies.count == bound.idf.count * 8 else { return nil }
        let size = Double(size)
        var score = 0.0
        for index in bound.idf.indices {
            let frequency = frequencies.loadUnaligned(fromByteOffset: index * 8, as: Double.self)
            score += bound.idf[index] * ((frequency * (BM25Bound.k1 + 1.0))
                                         / (frequency + BM25Bound.k1 * (1 - BM25Bound.b + BM25Bound.b * size
                                                                        / bound.averageSize)))
        }
        return -1.0 * score
    }

    /// Adds a shown match; rows must come in ascending order.
    mutating func add(capture: Int64, phrase: Int64, date: Double, score: Double) {
        captures.append(capture)
        phraseFlags.append(phrase)
        dates.append(date)
        scores.append(score)
    }

    /// Lowers row `capture`'s bm25 to `score` if lower (from a member of its moment or a declared field); false
    /// when the row is not here.
    mutating func setOther(capture: Int64, _ score: Double) -> Bool {
        guard let low = captures.sortedPosition(of: capture) else { return false }
        scores[low] = min(scores[low], score)
        return true
    }

    /// Offers every row to `tally` (its best: phrase, -bm25, date, id), the id from `id` for those that may enter.
    mutating func offer(into tally: inout SearchTally, id: (Int64) throws -> String) rethrows {
        for index in captures.indices {
            let phrase = phraseFlags[index], fused = -scores[index], date = dates[index]
            guard tally.mayKeep(phrase: phrase, fused: fused, date: date) else { continue }
            let capture = captures[index]
            let name: String
            if let known = ids[capture] {
                name = known
            } else {
                name = try id(capture)
                ids[capture] = name
            }
            tally.offer(SearchTally.Key(phrase: phrase, fused: fused, date: date, id: name, capture: capture))
        }
    }

    /// Row `capture`'s bm25 here, nil when not here.
    func score(of capture: Int64) -> Double? {
        var low = 0, high = captures.count
        while low < high {
            let middle = (low + high) / 2
            if captures[middle] < capture { low = middle + 1 } else { high = middle }
        }
        return low < captures.count && captures[low] == capture ? scores[low] : nil
    }
}
