import Foundation

/// When a search reads its facts from a `FactsMirror` instead of joining `capture_facts`, and how the mirror is
/// kept exact: it is at one position of `capture_facts_log` (`IndexSchema+FactsLog`), read in the search's own
/// read transaction; when the log has moved on, the rows logged since are read again (inserted, updated, deleted,
/// by this connection or any other process), and the members of the moments they belong to get their
/// representative again, so a slice of N captures written costs O(N) to catch up with, not a build. When the log
/// cannot say (pruned past the mirror's position) or says more than rebuilding would read, it is built again.
///
/// Building it scans all of `capture_facts` (about as much as one search of the commonest word joining its
/// matches), so it is built when a second search of a common word wants it (`afterFirst`), never for a single
/// search of a process that opens the index to search once; for an index in a file, on a connection of its own in
/// the background (`buildFactsMirrorInBackground`), while that search and any other until it is ready join as
/// before; once built, it is only brought up to date.
extension IndexStore {
    /// Whether a search may use or build the mirror.
    enum FactsMirrorUse: Sendable {
        /// Never (the SQL join, as before the mirror).
        case never
        /// The mirror if built (brought up to date); else built when this is the second search wanting it (in
        /// the background for an index in a file: nil meanwhile).
        case afterFirst
        /// Built when there is none (tests).
        case always
    }

    /// The mirror and what is kept for it (behind `IndexStore.factsMirror`'s lock).
    struct FactsMirrorSlot: Sendable {
        var mirror: FactsMirror?
        /// The log position `mirror` is at.
        var position: Int64 = 0
        /// Searches that wanted the mirror while there was none.
        var wanted = 0
        /// The log position at which the facts could not be mirrored (rowids too sparse).
        var unavailableAt: Int64?
        /// How the mirror was made current so far (tests and benchmarks): built, or rows read again.
        var builds = 0, refreshes = 0, refreshedRows = 0
        /// The build under way on a connection of its own, if any.
        var building: Task<Void, Never>?
        /// Bumped when the mirror is forgotten: a background build started before is not kept.
        var epoch = 0
    }

    /// The mirror of `capture_facts` as `db`'s read transaction sees it, when `use` allows one now; nil: join.
    /// Runs only inside the connection's lock (a `read` closure), so the kept mirror is changed in place.
    func factsMirror(_ use: FactsMirrorUse, in db: Database) throws -> FactsMirror? {
        guard use != .never else { return nil }
        let log = try IndexSchema.factsLogPosition(in: db)
        // Taken out of the slot while it is brought up to date, so its arrays are not copied.
        var taken: FactsMirror?
        let (position, wanted, unavailable) = factsMirror.withLock { slot in
            swap(&taken, &slot.mirror)
            if taken == nil { slot.wanted += 1 }
            return (slot.position, slot.wanted, slot.unavailableAt == log.last)
        }
        if var mirror = taken.take() {
            if position == log.last {
                keep(mirror, at: log.last, refreshed: nil)
                return mirror
            }
            if position >= log.prunedThrough, log.last - position <= Int64(max(4_096, mirror.rows)),
               let rows = try Self.refreshFactsMirror(&mirror, since: position, in: db) {
                keep(mirror, at: log.last, refreshed: rows)
                return mirror
            }
        } else if unavailable || (use != .always && wanted < 2) {
            return nil
        } else if use == .afterFirst && path != ":memory:" {
            buildFactsMirrorInBackground()
            return nil
        }
        let built = try Self.buildFactsMirror(in: db)
        if let built { keep(built, at: log.last, refreshed: nil, built: true) } else {
            factsMirror.withLock { $0.unavailableAt = log.last }
        }
        return built
    }

    private func keep(_ mirror: FactsMirror, at position: Int64, refreshed rows: Int?, built: Bool = false) {
        factsMirror.withLock { slot in
            slot.mirror = mirror
            slot.position = position
            slot.unavailableAt = nil
            if built { slot.builds += 1 }
            if let rows {
                slot.refreshes += 1
                slot.refreshedRows += rows
            }
        }
    }

    /// Builds the mirror common words' searches read now (when there is none), rather than at the second such
    /// search: for a program that keeps the index open to search it. False when the facts cannot be mirrored
    /// (rowids too sparse); searches are correct either way.
    @discardableResult
    public func prepareForSearching() throws -> Bool {
        try read { db in try factsMirror(.always, in: db) != nil }
    }

    /// Forgets the mirror (its memory; the next search that wants it builds it again).
    func forgetFactsMirror() {
        factsMirror.withLock { slot in
            slot.building?.cancel()
            slot = FactsMirrorSlot(epoch: slot.epoch + 1)
        }
    }

    /// Builds the mirror on a connection of its own, off the caller's thread, unless one is kept or being built:
    /// the searches meanwhile join (the connection is not held), and the first after it brings it up to date from
    /// the log position it was built at. A failed or sparse build leaves the mirror to the next search.
    func buildFactsMirrorInBackground() {
        let path = self.path
        factsMirror.withLock { slot in
            guard slot.mirror == nil, slot.building == nil else { return }
            let epoch = slot.epoch
            slot.building = Task.detached(priority: .utility) { [weak self] in
                let built = try? Self.buildFactsMirror(path: path)
                self?.factsMirror.withLock { slot in
                    guard slot.epoch == epoch else { return }
                    slot.building = nil
                    guard let built, slot.mirror == nil else { return }
                    if let mirror = built.mirror {
                        slot.mirror = mirror
                        slot.position = built.position
                        slot.builds += 1
                    } else {
                        slot.unavailableAt = built.position
                    }
                }
            }
        }
    }

    /// Waits for the background build under way, if any (tests and benchmarks).
    func finishBuildingFactsMirror() async {
        await factsMirror.withLock { $0.building }?.value
    }

    /// The mirror built on a connection of its own to `path`, and the log position it is at.
    private static func buildFactsMirror(path: String) throws -> (mirror: FactsMirror?, position: Int64) {
        let queue = try DatabaseQueue(path: path, writeAheadLog: false)
        defer { queue.close() }
        return try queue.read { db in
            (try buildFactsMirror(in: db), try IndexSchema.factsLogPosition(in: db).last)
        }
    }

    /// The columns a mirror reads of `capture_facts AS c`, in `mirrorFacts`' order.
    private static let mirroredColumns = """
        c.capture, c.moment_representative, c.out_of_focus, c.held, c.source, c.kind, c.date, c.city,
        c.has_code, c.labels, c.size, CASE WHEN c.moment_representative = 0 THEN \(representative) END
        """

    /// A row of `mirroredColumns` as the mirror's facts (nil without a rowid).
    private static func mirrorFacts(_ row: Row) -> FactsMirror.Facts? {
        guard let rowid = row.int64(0) else { return nil }
        let empty = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        return FactsMirror.Facts(
            rowid: rowid, momentRepresentative: row.int64(1) ?? -1, outOfFocus: row.int64(2),
            held: row.int64(3) ?? -1, source: row.textBytes(4) ?? empty, kind: row.textBytes(5) ?? empty,
            date: row.double(6) ?? 0, city: row.isNull(7) ? nil : row.textBytes(7) ?? empty,
            hasCode: row.int64(8) ?? -1, labels: row.isNull(9) ? nil : row.textBytes(9) ?? empty,
            size: row.int64(10))
    }

    /// Every row of `capture_facts` in a mirror, and every member's representative (in the same scan); nil when
    /// the rowids are too sparse for arrays.
    static func buildFactsMirror(in db: Database) throws -> FactsMirror? {
        guard let (rows, highest) = try db.first("SELECT count(*), coalesce(max(capture), -1) FROM capture_facts",
                                                 [], { ($0.int64(0) ?? 0, $0.int64(1) ?? -1) }),
              var mirror = FactsMirror(rows: Int(rows), highest: highest)
        else { return nil }
        var complete = true
        try db.forEachRow("SELECT \(mirroredColumns) FROM capture_facts AS c ORDER BY c.capture") { row in
            guard complete, let facts = mirrorFacts(row), mirror.set(facts) else {
                complete = false
                return
            }
            if let representative = row.int64(11) { mirror.representatives[facts.rowid] = representative }
        }
        return complete ? mirror : nil
    }

    /// Brings `mirror`, at log position `position`, up to date with what `db`'s transaction sees: every row logged
    /// since is read again (or forgotten, when gone), and every member of a moment logged since gets its
    /// representative again. Returns the rows read again, or nil when the mirror cannot hold them (too sparse: the
    /// caller builds it again).
    static func refreshFactsMirror(_ mirror: inout FactsMirror, since position: Int64,
                                   in db: Database) throws -> Int? {
        var changed = Set<Int64>()
        try db.forEachRow("SELECT DISTINCT capture FROM capture_facts_log WHERE seq > ?", [.integer(position)]) { row in
            if let capture = row.int64(0) { changed.insert(capture) }
        }
        var present = Set<Int64>()
        var complete = true
        try db.forEachRow("""
            SELECT \(mirroredColumns) FROM capture_facts AS c
            WHERE c.capture IN (SELECT capture FROM capture_facts_log WHERE seq > ?)
            """, [.integer(position)]) { row in
            guard complete, let facts = mirrorFacts(row), mirror.set(facts) else {
                complete = false
                return
            }
            present.insert(facts.rowid)
            if let representative = row.int64(11) { mirror.representatives[facts.rowid] = representative }
        }
        guard complete else { return nil }
        for capture in changed where !present.contains(capture) { mirror.remove(capture) }
        // The members of a moment whose rows changed: their representative may be another row now.
        try db.forEachRow("""
            SELECT c.capture, \(representative) FROM captures AS k CROSS JOIN capture_facts AS c
            WHERE k.moment IN (SELECT moment FROM capture_facts_log WHERE seq > ? AND moment IS NOT NULL)
              AND c.capture = k.rowid AND c.moment_representative = 0
            """, [.integer(position)]) { row in
            if let capture = row.int64(0), let representative = row.int64(1) {
                mirror.representatives[capture] = representative
            }
        }
        mirror.compactLabels()
        return changed.count
    }
}
