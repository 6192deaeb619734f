/// Every change to `capture_facts`, in order (migration `2026-12-02-mirror-facts-log`): what lets a `FactsMirror`
/// kept in memory be brought up to date by the rows that changed since it was made, in this process or another.
///
/// ```
/// capture_facts_log        seq (ascending, never reused), capture (its rowid), moment (its moment, or NULL)
///                          one row per row inserted, updated or deleted in capture_facts (an update that moves a
///                          row to another rowid or moment: the old and the new)
/// capture_facts_log_state  one row: pruned_through, the highest seq deleted from the log
/// ```
///
/// Kept by triggers on `capture_facts` itself, so every writer of the facts (the triggers on `captures`,
/// `capture_holds`, `places`, `codes`, `labels`, and `refreshFactsSize`) is logged without knowing it; an update
/// that changes no column is not logged. The log keeps
/// the last `factsLogKept` entries: every `factsLogPruneEvery`-th entry deletes those before, and records how far in
/// `pruned_through`, so a mirror older than that is built again rather than brought up to date. The newest entry is
/// never deleted, so `max(seq)` only grows (the position a mirror is at). A capture's moment is logged so that the
/// members of a moment whose representative changed are found again (through `captures_by_moment`).
extension IndexSchema {
    /// Entries the log keeps (about a megabyte); a mirror further behind is built again.
    static let factsLogKept: Int64 = 50_000
    /// How often (in entries) the log is pruned.
    static let factsLogPruneEvery: Int64 = 1_024

    /// The columns of `capture_facts` whose change is logged (an update that changes none of them, as the
    /// `captures` trigger makes for a new `indexed_at`, is not): every column, as of this migration. A later
    /// migration adding a column the mirror reads must log it too.
    private static let changed = ["capture", "id", "moment", "moment_representative", "out_of_focus", "held",
                                  "source", "kind", "date", "city", "has_code", "labels", "size"]

    static func addFactsLog(_ db: Database) throws {
        try db.executeScript("""
            CREATE TABLE capture_facts_log (
                seq INTEGER PRIMARY KEY,
                capture INTEGER NOT NULL,
                moment TEXT
            ) STRICT;
            CREATE TABLE capture_facts_log_state (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                pruned_through INTEGER NOT NULL
            ) STRICT;
            INSERT INTO capture_facts_log_state (id, pruned_through) VALUES (1, 0);
            CREATE TRIGGER capture_facts_log_inserted AFTER INSERT ON capture_facts BEGIN
                INSERT INTO capture_facts_log (capture, moment) VALUES (new.capture, new.moment);
            END;
            CREATE TRIGGER capture_facts_log_updated AFTER UPDATE ON capture_facts
                WHEN \(changed.map { "old.\($0) IS NOT new.\($0)" }.joined(separator: " OR ")) BEGIN
                INSERT INTO capture_facts_log (capture, moment) VALUES (old.capture, old.moment);
            END;
            CREATE TRIGGER capture_facts_log_moved AFTER UPDATE OF capture, moment ON capture_facts
                WHEN new.capture IS NOT old.capture OR new.moment IS NOT old.moment BEGIN
                INSERT INTO capture_facts_log (capture, moment) VALUES (new.capture, new.moment);
            END;
            CREATE TRIGGER capture_facts_log_deleted AFTER DELETE ON capture_facts BEGIN
                INSERT INTO capture_facts_log (capture, moment) VALUES (old.capture, old.moment);
            END;
            CREATE TRIGGER capture_facts_log_pruned AFTER INSERT ON capture_facts_log
                WHEN new.seq % \(factsLogPruneEvery) = 0 AND new.seq > \(factsLogKept) BEGIN
                DELETE FROM capture_facts_log WHERE seq <= new.seq - \(factsLogKept);
                UPDATE capture_facts_log_state SET pruned_through = new.seq - \(factsLogKept)
                WHERE pruned_through < new.seq - \(factsLogKept);
            END;
            """)
    }

    /// The log's position (its newest seq, 0 when empty) and how far it was pruned, as `db`'s transaction sees them.
    static func factsLogPosition(in db: Database) throws -> (last: Int64, prunedThrough: Int64) {
        try db.first("""
            SELECT (SELECT coalesce(max(seq), 0) FROM capture_facts_log),
                   (SELECT pruned_through FROM capture_facts_log_state WHERE id = 1)
            """) { ($0.int64(0) ?? 0, $0.int64(1) ?? Int64.max) } ?? (0, Int64.max)
    }
}
