import Foundation

/// The feed of newly indexed captures a grant streams (`pool-pipeline batches`).
///
/// Each capture has a place in `capture_feed`, renewed whenever it is (re)indexed. A batch reads the feed after a
/// position: a capture alone is an item; of a moment only the member that came first in the feed stands for it,
/// shown as the moment's representative, so a moment is one item however many of its shots arrive, and a
/// consumer that resumes after a batch never sees a moment again that it saw before.
extension IndexStore {
    /// The next batch for `grant` after `position` (0 for the start): up to `size` visible items, and the feed
    /// position it read to (the batch's id). Nil when nothing was read past `position`.
    public func nextBatch(for grant: AccessGrant, after position: Int64, size: Int = 100,
                         options: IndexOptions = IndexOptions(), now: Date = Date()) throws -> CaptureBatch? {
        let visible = Visibility.condition(options, now: now, alias: "r")
        let sources = grant.coversAll ? "1" : "r.source IN (" + grant.sources.map { _ in "?" }.joined(separator: ", ") + ")"
        let sourceArguments = grant.coversAll ? [] : grant.sources.map(DatabaseValue.text)
        return try read { db in
            var items: [CaptureBatch.Item] = []
            var last = position
            var cursor = position
            let scan = max(size, 1) * 4
            while items.count < size {
                var rows: [(seq: Int64, id: String?, kind: String, date: Double)] = []
                try db.forEachRow("""
                    SELECT f.seq, CASE WHEN \(visible.sql)
                                          AND \(sources) THEN r.id END, r.kind, r.date
                    FROM capture_feed AS f JOIN captures AS m ON m.id = f.capture_id
                    JOIN captures AS r ON r.id = CASE WHEN m.moment IS NULL THEN m.id ELSE
                        (SELECT id FROM captures WHERE moment = m.moment AND moment_representative = 1) END
                    WHERE f.seq > ? AND (m.moment IS NULL OR f.seq = (
                        SELECT min(f2.seq) FROM capture_feed AS f2 JOIN captures AS m2 ON m2.id = f2.capture_id
                        WHERE m2.moment = m.moment))
                    ORDER BY f.seq LIMIT ?
                    """, visible.arguments + sourceArguments + [.integer(cursor), DatabaseValue(scan)]) { row in
                    rows.append((row.int64(0) ?? 0, row.string(1), row.string(2) ?? "", row.double(3) ?? 0))
                }
                guard !rows.isEmpty else { break }
                for row in rows {
                    cursor = row.seq
                    guard let id = row.id else { continue }
                    let labels = grant.evidence ? try db.query(
                        "SELECT name FROM labels WHERE capture_id = ? ORDER BY confidence DESC, name",
                        [.text(id)]) { $0.string(0) ?? "" } : nil
                    items.append(.init(id: id, mediaType: row.kind, date: Date(timeIntervalSince1970: row.date),
                                       labels: labels))
                    last = row.seq
                    if items.count == size { break }
                }
                if items.count < size { last = cursor }
                if rows.count < scan { break }
            }
            guard last > position else { return nil }
            return CaptureBatch(id: CaptureBatch.id(after: last), items: items)
        }
    }
}
