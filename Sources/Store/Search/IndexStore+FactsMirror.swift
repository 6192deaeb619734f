import Foundation

/// When a search reads its facts from a `FactsMirror` instead of joining `capture_facts`, and how the mirror is
/// kept exact: it belongs to one version of the index — this connection's write generation (every `write` and
/// `withConnection` closure) and `PRAGMA data_version` (another connection's or process's commit) — and any other
/// version makes it stale; the next search that wants it builds it again, inside its own read transaction, so it
/// is always the snapshot that search reads.
///
/// Building it scans all of `capture_facts` (about as much as one search of the commonest word joining its
/// matches), so it is built for the second search of a common word at one version (`afterFirst`), never for a
/// single search of a process that opens the index to search once.
extension IndexStore {
    /// Whether a search may use or build the mirror.
    enum FactsMirrorUse: Sendable {
        /// Never (the SQL join, as before the mirror).
        case never
        /// The mirror if current; else built when this is the second search wanting it at this version.
        case afterFirst
        /// Built when not current (tests).
        case always
    }

    /// The index's version for the mirror and what is kept for it (behind `IndexStore.factsMirror`'s lock).
    struct FactsMirrorSlot: Sendable {
        struct Version: Equatable, Sendable {
            var writeGeneration: UInt64
            var dataVersion: Int64
        }
        var version: Version?
        var mirror: FactsMirror?
        /// Searches that wanted the mirror at `version`.
        var wanted = 0
        /// The facts could not be mirrored at `version` (rowids too sparse).
        var unavailable = false
    }

    /// The mirror of `capture_facts` as `db`'s read transaction sees it, when `use` allows one now; nil: join.
    func factsMirror(_ use: FactsMirrorUse, in db: Database) throws -> FactsMirror? {
        guard use != .never else { return nil }
        let version = FactsMirrorSlot.Version(writeGeneration: queue.writeGeneration,
                                              dataVersion: try db.integer("PRAGMA data_version") ?? 0)
        let (kept, wanted, unavailable) = factsMirror.withLock { slot in
            if slot.version != version { slot = FactsMirrorSlot(version: version) }
            slot.wanted += 1
            return (slot.mirror, slot.wanted, slot.unavailable)
        }
        if let kept { return kept }
        guard !unavailable, use == .always || wanted >= 2 else { return nil }
        let built = try Self.buildFactsMirror(in: db)
        factsMirror.withLock { slot in
            guard slot.version == version else { return }
            slot.mirror = built
            slot.unavailable = built == nil
        }
        return built
    }

    /// Builds the mirror common words' searches read now (when not current), rather than at the second such search:
    /// for a program that keeps the index open to search it. False when the facts cannot be mirrored (rowids too
    /// sparse); searches are correct either way.
    @discardableResult
    public func prepareForSearching() throws -> Bool {
        try read { db in try factsMirror(.always, in: db) != nil }
    }

    /// Forgets the mirror (its memory; the next search that wants it builds it again).
    func forgetFactsMirror() {
        factsMirror.withLock { $0 = FactsMirrorSlot() }
    }

    /// Every row of `capture_facts` in a mirror, and every member's representative (in the same scan); nil when
    /// the rowids are too sparse for arrays.
    static func buildFactsMirror(in db: Database) throws -> FactsMirror? {
        guard let (rows, highest) = try db.first("SELECT count(*), coalesce(max(capture), -1) FROM capture_facts",
                                                 [], { ($0.int64(0) ?? 0, $0.int64(1) ?? -1) }),
              var mirror = FactsMirror(rows: Int(rows), highest: highest)
        else { return nil }
        var last: Int64 = -1
        var complete = true
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        try db.forEachRow("""
            SELECT c.capture, c.moment_representative, c.out_of_focus, c.held, c.source, c.kind, c.date, c.city,
                   c.has_code, c.labels, c.size, CASE WHEN c.moment_representative = 0 THEN \(representative) END
            FROM capture_facts AS c ORDER BY c.capture
            """) { row in
            guard complete, let rowid = row.int64(0) else {
                complete = false
                return
            }
            let facts = FactsMirror.Facts(
                rowid: rowid, momentRepresentative: row.int64(1) ?? -1, outOfFocus: row.int64(2),
                held: row.int64(3) ?? -1, source: row.textBytes(4) ?? empty, kind: row.textBytes(5) ?? empty,
                date: row.double(6) ?? 0, city: row.isNull(7) ? nil : row.textBytes(7) ?? empty,
                hasCode: row.int64(8) ?? -1, labels: row.isNull(9) ? nil : row.textBytes(9) ?? empty,
                size: row.int64(10))
            if mirror.add(facts, after: last) { last = rowid } else { complete = false }
            if let representative = row.int64(11) { mirror.representatives[rowid] = representative }
        }
        guard complete else { return nil }
        mirror.finish(last: last)
        return mirror
    }
}
