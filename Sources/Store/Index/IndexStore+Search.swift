import Foundation
import Runner

extension IndexStore {
    /// Captures whose text (read lines and code text), labels or path contain every word of `query`, ranked
    /// best first. Words are matched as whole tokens, case- and accent-insensitively; with `prefix`, each word also
    /// matches longer tokens it starts ("recip" finds "recipe"). The query is plain words, never FTS syntax.
    public func search(_ query: String, prefix: Bool = false, limit: Int = 50) throws -> [SearchHit] {
        guard let match = Self.matchExpression(query, prefix: prefix), limit > 0 else { return [] }
        return try read { db in
            try db.query("""
                SELECT c.id, c.source, c.path, bm25(captures_search) AS score
                FROM captures_search JOIN captures AS c ON c.rowid = captures_search.rowid
                WHERE captures_search MATCH ?
                ORDER BY score, c.path, c.id
                LIMIT ?
                """, [.text(match), DatabaseValue(limit)]) { row in
                SearchHit(id: CaptureID(row.string(0) ?? ""), source: row.string(1) ?? "", path: row.string(2) ?? "",
                          score: row.double(3) ?? 0)
            }
        }
    }

    /// The FTS5 expression for plain words: each word quoted (so `AND`, `-` or `"` in a query are just text) and
    /// all of them required. Nil when the query has no word.
    static func matchExpression(_ query: String, prefix: Bool) -> String? {
        let words = query.split(whereSeparator: { $0.isWhitespace }).map { word in
            "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\"" + (prefix ? "*" : "")
        }
        return words.isEmpty ? nil : words.joined(separator: " ")
    }

    /// Every stored vector of `model`, by capture, for a similarity search in memory.
    public func vectors(model: String) throws -> [(capture: CaptureID, values: [Float])] {
        let rows: [StoredVector] = try read { db in
            try db.query("SELECT capture_id, dim, data FROM vectors WHERE model = ? ORDER BY capture_id",
                         [.text(model)]) { row in
                let id = row.string(0) ?? ""
                guard let values = VectorEncoding.values(of: row.blob(2) ?? []), values.count == row.int(1) else {
                    throw StoreError.corruptRow(table: "vectors", column: "data", id: id)
                }
                return StoredVector(capture: CaptureID(id), values: values)
            }
        }
        return rows.map { ($0.capture, $0.values) }
    }
}
