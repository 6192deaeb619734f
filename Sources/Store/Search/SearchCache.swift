/// The last few common-word searches' tallies (`IndexStore.StreamedTally`: total, facet counts, pending ranking,
/// the bm25 FTS5 gave so far) and the last text searches' answers, kept until the index changes, so the same words
/// with the same filters and options — another page, the same query again — skip joining every match to
/// `capture_facts` (another page), or everything (the same page again).
///
/// ```
/// key: what the index was (this connection's write generation, PRAGMA data_version for other connections' commits)
///      + what was asked (match expression, exact phrase, the shown condition and its arguments — visibility from
///        the options at `now`, filters — facets or not, the deferral threshold)
/// hit: the tally ─► a fresh page (bm25 for what can reach it, rows, snippets)     miss: computed, then kept
/// ```
///
/// A key differs as soon as anything the tally read may have changed: any write on this connection (every
/// `write`/`withConnection` closure bumps the generation, whatever it touched), any commit by another connection
/// or process (`data_version`), options (the shown condition), a window's cutoff (its argument moves with `now`).
/// So a hit is always what computing the tally again would give. Pure; `IndexStore` keeps it behind a lock.
struct SearchCache<Value> {
    /// What a tally depends on.
    struct Key: Equatable {
        var writeGeneration: UInt64
        var dataVersion: Int64
        var expression: String
        var phrase: String?
        var shown: String
        var arguments: [DatabaseValue]
        var facets: Bool
        var deferringFrom: Int
        /// For a whole answer: the page and how it is shown (text, prefix, offset, limit, marks); empty for a tally.
        var page: [String] = []
    }

    /// How many tallies are kept (a common word's is a few MB).
    let capacity: Int
    /// Most recently used last.
    private(set) var entries: [(key: Key, value: Value)] = []
    /// Lookups answered and not answered (for tests and benchmarks).
    private(set) var hits = 0, misses = 0

    init(capacity: Int = 6) {
        self.capacity = max(0, capacity)
    }

    /// The value kept for `key`, now the most recently used, or nil.
    mutating func value(for key: Key) -> Value? {
        // An entry of an older generation or data version can never be hit again.
        entries.removeAll { $0.key.writeGeneration != key.writeGeneration || $0.key.dataVersion != key.dataVersion }
        guard let index = entries.firstIndex(where: { $0.key == key }) else {
            misses += 1
            return nil
        }
        hits += 1
        let entry = entries.remove(at: index)
        entries.append(entry)
        return entry.value
    }

    /// Keeps `value` for `key`, forgetting the least recently used beyond the capacity.
    mutating func store(_ value: Value, for key: Key) {
        entries.removeAll { $0.key == key }
        guard capacity > 0 else { return }
        entries.append((key, value))
        if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
    }

    /// Forgets every entry.
    mutating func removeAll() { entries.removeAll() }
}
