import Foundation

/// Recurring things: the same product, place or event seen in several captures.
extension IndexStore {
    /// Where things are stored: a table with `capture_id`, a kind and a name column (the things family, issue 12).
    /// Nothing recurs while the table does not exist.
    public static let thingsTable = (table: "things", kind: "kind", name: "name")

    /// The things (by kind and name, case-insensitively) seen in at least `minimumCaptures` captures that `options`
    /// show, with those captures (moments counted once, as their representative), most seen first. A thing is
    /// named by the least of its spellings in byte order (capitals first), whichever capture holds it.
    public func recurringThings(minimumCaptures: Int = 2, limit: Int = 50, options: IndexOptions = IndexOptions(),
                                now: Date = Date()) throws -> [RecurringThing] {
        let (table, kind, name) = Self.thingsTable
        return try read { db in
            let columns = Set(try db.query("SELECT name FROM pragma_table_info(?)", [.text(table)]) { $0.string(0) ?? "" })
            guard columns.isSuperset(of: ["capture_id", kind, name]) else { return [] }
            let visible = Visibility.condition(options, now: now)
            var things: [String: RecurringThing] = [:]
            var order: [String] = []
            try db.forEachRow("""
                WITH seen AS (
                    SELECT DISTINCT t.\(kind) AS kind, lower(t.\(name)) AS key, t.\(name) AS name, c.id AS capture
                    FROM \(table) AS t JOIN captures AS m ON m.id = t.capture_id
                    JOIN captures AS c ON c.id = CASE WHEN m.moment IS NULL THEN m.id ELSE
                        (SELECT id FROM captures WHERE moment = m.moment AND moment_representative = 1) END
                    WHERE \(visible.sql)),
                counted AS (SELECT kind, key, count(DISTINCT capture) AS n, min(name) AS name FROM seen
                            GROUP BY kind, key HAVING n >= ?)
                SELECT s.kind, s.key, k.name, s.capture, k.n FROM seen AS s JOIN counted AS k USING (kind, key)
                GROUP BY s.kind, s.key, s.capture
                ORDER BY k.n DESC, s.kind, s.key, s.capture
                """, visible.arguments + [DatabaseValue(max(1, minimumCaptures))]) { row in
                let id = (row.string(0) ?? "") + "\u{0}" + (row.string(1) ?? "")
                if things[id] == nil {
                    guard order.count < limit else { return }
                    order.append(id)
                    things[id] = RecurringThing(kind: row.string(0) ?? "", name: row.string(2) ?? "", captures: [])
                }
                things[id]?.captures.append(row.string(3) ?? "")
            }
            return order.compactMap { things[$0] }
        }
    }
}

/// A thing seen in several captures, with those captures' ids.
public struct RecurringThing: Sendable, Equatable, Codable {
    public var kind: String
    public var name: String
    public var captures: [String]
}
