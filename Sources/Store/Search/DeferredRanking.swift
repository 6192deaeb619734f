/// Ranking by bm25 without calling `bm25()` for every match: a common word matches tens of thousands of captures,
/// and FTS5 computes each one's bm25 (~1.3 µs) even for `ORDER BY rank LIMIT 20`, though only a page is shown.
///
/// ```
/// per word: its instances (fts5vocab, rows ascending, column weights) ─► frequencies per row ─┐
/// averages record (rows, tokens) ─► BM25Bound ──────────────────────────────────────────────┤
/// tally pass: a shown match whose own bm25 was deferred + its docsize ─► an upper bound ──────┴► pending
/// pending, best bound first ─► bm25() from FTS5 for a batch ─► offered to SearchTally ─► … until the next bound
///                                                              is below the page's last result
/// ```
///
/// Every score offered and shown is FTS5's own; a bound only decides which rows need one. A row's bound is at least
/// its real goodness (`-bm25`), so once the best remaining bound is below the last result kept, no remaining row can
/// enter the page: the page is exactly the one every score would give. Used only when every word is one ASCII
/// token and there is no prefix (then a word's instances are those of one vocabulary term); otherwise every match
/// is ranked as before. Pure apart from `IndexStore+DeferredRanking`'s queries.
struct DeferredRanking {
    /// One word's instances: the rows holding it, ascending, and its weighted count in each.
    struct Frequencies {
        var rows: [Int64] = []
        var weights: [Double] = []
    }

    let bound: BM25Bound
    /// Per phrase of the query (a word), in order.
    let phrases: [Frequencies]
    private var cursors: [Int]
    private var frequencies: [Double]

    /// Pending rows: shown matches whose own bm25 was not computed.
    private(set) var captures: [Int64] = []
    private(set) var phraseFlags: [Int64] = []
    private(set) var dates: [Double] = []
    /// The best (lowest) bm25 already known for the row from a member of its moment or a declared field.
    private(set) var others: [Double?] = []
    /// An upper bound of the row's goodness (`-bm25`, the larger of its own and `others`').
    private(set) var bounds: [Double] = []

    init(bound: BM25Bound, phrases: [Frequencies]) {
        self.bound = bound
        self.phrases = phrases
        cursors = [Int](repeating: 0, count: phrases.count)
        frequencies = [Double](repeating: 0, count: phrases.count)
    }

    /// Adds a pending row; rows must come in ascending order. `sizes`: the row's docsize record (nil: unknown).
    mutating func add(capture: Int64, phrase: Int64, date: Double, other: Double?, sizes: UnsafeRawBufferPointer?) {
        for index in phrases.indices {
            var cursor = cursors[index]
            let count = phrases[index].rows.count
            while cursor < count, phrases[index].rows[cursor] < capture { cursor += 1 }
            cursors[index] = cursor
            frequencies[index] = cursor < count && phrases[index].rows[cursor] == capture
                ? phrases[index].weights[cursor] : 0
        }
        var own = Double.infinity
        if let sizes, let size = BM25Bound.varintSum(sizes) {
            own = bound.goodnessBound(frequencies: frequencies, size: Double(size))
        }
        captures.append(capture)
        phraseFlags.append(phrase)
        dates.append(date)
        others.append(other)
        bounds.append(max(own, other.map { -$0 } ?? -.infinity))
    }

    /// Lowers pending row `capture`'s known bm25 to `score` (from a member of its moment or a declared field);
    /// false when the row is not pending.
    mutating func setOther(capture: Int64, _ score: Double) -> Bool {
        guard let low = captures.sortedPosition(of: capture) else { return false }
        let lowest = min(others[low] ?? score, score)
        others[low] = lowest
        bounds[low] = max(bounds[low], -lowest)
        return true
    }

    /// Whether pending row `a` is scored before `b`: the exact phrase first, then the highest bound.
    func first(_ a: Int, _ b: Int) -> Bool {
        phraseFlags[a] != phraseFlags[b] ? phraseFlags[a] > phraseFlags[b] : bounds[a] > bounds[b]
    }

    /// The first `limit` pending rows in the order they are scored (all of them in order when `limit` is nil),
    /// leaving out `skipping`. A bounded heap keeps the first `limit` without sorting every row.
    func order(limit: Int? = nil, skipping: Set<Int> = []) -> [Int] {
        guard let limit, limit < captures.count else {
            return captures.indices.filter { !skipping.contains($0) }.sorted(by: first)
        }
        // A heap whose root is the row scored last among those kept.
        var heap: [Int] = []
        heap.reserveCapacity(limit)
        for index in captures.indices where !skipping.contains(index) {
            if heap.count < limit {
                heap.append(index)
                var child = heap.count - 1
                while child > 0 {
                    let parent = (child - 1) / 2
                    guard first(heap[parent], heap[child]) else { break }
                    heap.swapAt(parent, child)
                    child = parent
                }
            } else if limit > 0, first(index, heap[0]) {
                heap[0] = index
                var parent = 0
                while true {
                    let left = 2 * parent + 1, right = left + 1
                    var last = parent
                    if left < heap.count, first(heap[last], heap[left]) { last = left }
                    if right < heap.count, first(heap[last], heap[right]) { last = right }
                    guard last != parent else { break }
                    heap.swapAt(parent, last)
                    parent = last
                }
            }
        }
        return heap.sorted(by: first)
    }

    /// Whether pending row `index` can no longer enter `tally`'s best (its phrase and bound fall strictly below
    /// the last result kept, which is full).
    func cannotEnter(_ index: Int, _ tally: SearchTally) -> Bool {
        guard tally.keep > 0, tally.best.count == tally.keep, let last = tally.best.last else { return false }
        if phraseFlags[index] != last.phrase { return phraseFlags[index] < last.phrase }
        return bounds[index] < last.fused
    }
}
