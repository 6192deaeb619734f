// The search plan before the narrow facts table (commit 86dbae9's `IndexStore+RankedSearch` and `+Facets`),
// kept here only so the benchmark can time it in the same run and compare its answers with the library's: same
// SQL, its own temporary tables, the visibility of default options inlined (the benchmark uses no options).
import Foundation
import Store

/// What two plans must agree on: the total, the page (ids, scores, phrase, snippet and field) and the facets.
struct Answer: Equatable {
    struct Row: Equatable {
        var id: String, textScore: Double?, vectorScore: Double?, exactPhrase: Bool, field: String?, snippet: String?
        var place: String?, kind: String, date: Date
    }
    var total: Int
    var rows: [Row]
    var facets: [String: [FacetCount]]

    init(_ results: SearchResults) {
        total = results.total
        rows = results.results.map {
            Row(id: $0.id, textScore: $0.textScore, vectorScore: $0.vectorScore, exactPhrase: $0.exactPhrase,
                field: $0.field, snippet: $0.snippet, place: $0.place, kind: $0.kind, date: $0.date)
        }
        facets = results.facets
    }

    init(total: Int, rows: [Row], facets: [String: [FacetCount]]) {
        self.total = total
        self.rows = rows
        self.facets = facets
    }
}

enum PreviousSearch {
    static let visible = """
        c.moment_representative = 1 AND c.out_of_focus IS NOT 1
        AND NOT EXISTS (SELECT 1 FROM capture_holds WHERE capture_id = c.id) AND 1
        """

    static func filters(_ filters: SearchFilters) -> (sql: String, arguments: [DatabaseValue]) {
        var parts: [String] = []
        var arguments: [DatabaseValue] = []
        for label in filters.labels {
            parts.append("EXISTS (SELECT 1 FROM labels WHERE capture_id = c.id AND name = ?)")
            arguments.append(.text(label))
        }
        func anyOf(_ column: String, _ values: [String]) {
            guard !values.isEmpty else { return }
            parts.append("\(column) IN (" + values.map { _ in "?" }.joined(separator: ", ") + ")")
            arguments += values.map(DatabaseValue.text)
        }
        anyOf("c.source", filters.sources)
        anyOf("c.kind", filters.kinds)
        anyOf("(SELECT city FROM places WHERE places.capture_id = c.id)", filters.cities)
        if let from = filters.from { parts.append("c.date >= ?"); arguments.append(.real(from.timeIntervalSince1970)) }
        if let until = filters.until { parts.append("c.date < ?"); arguments.append(.real(until.timeIntervalSince1970)) }
        if let hasCode = filters.hasCode {
            parts.append((hasCode ? "" : "NOT ") + "EXISTS (SELECT 1 FROM codes WHERE capture_id = c.id)")
        }
        precondition(filters.facets.isEmpty, "the previous plan's copy takes no declared facet filter")
        return (parts.isEmpty ? "1" : parts.joined(separator: " AND "), arguments)
    }

    static func search(_ store: IndexStore, _ request: SearchRequest) throws -> Answer {
        let match = MatchQuery(request.text, prefix: request.prefix)
        return try store.read { db in
            let hybrid = !request.vectorScores.isEmpty
            precondition(!match.isEmpty || hybrid, "the previous plan's copy does not browse")
            let filters = filters(request.filters)
            try collectMatches(match, vectorScores: request.vectorScores,
                               shown: ("(\(visible)) AND (\(filters.sql))", filters.arguments), in: db)
            try db.execute("DELETE FROM temp.previous_hits")
            try db.execute("""
                INSERT INTO temp.previous_hits (capture, score, phrase, vector, id, source, kind, date)
                SELECT capture, score, phrase, vector, id, source, kind, date FROM temp.previous_matches
                WHERE shown = 1
                """)
            try db.execute("""
                INSERT INTO temp.previous_hits (capture, score, phrase, vector, id, source, kind, date)
                SELECT m.capture, m.score, m.phrase, m.vector, c.id, c.source, c.kind, c.date
                FROM temp.previous_matches AS m
                CROSS JOIN captures AS c ON c.rowid = m.capture
                WHERE m.shown IS NULL AND \(visible) AND \(filters.sql)
                """, filters.arguments)
            let total = Int(try db.integer("SELECT count(*) FROM temp.previous_hits") ?? 0)
            var rows = try page(offset: request.offset, limit: request.limit, hybrid: hybrid, in: db)
            if let expression = match.allWords {
                for index in rows.indices {
                    try addSnippet(to: &rows[index], match: expression, request: request, in: db)
                }
            }
            return Answer(total: total, rows: rows.map(\.row),
                          facets: request.facets ? try facetCounts(in: db) : [:])
        }
    }

    private static func collectMatches(_ match: MatchQuery, vectorScores: [String: Float],
                                       shown: (sql: String, arguments: [DatabaseValue]), in db: Database) throws {
        try db.executeScript("""
            CREATE TEMP TABLE IF NOT EXISTS previous_matches (
                capture INTEGER PRIMARY KEY, score REAL, phrase INTEGER NOT NULL DEFAULT 0, vector REAL,
                shown INTEGER, id TEXT, source TEXT, kind TEXT, date REAL);
            CREATE TEMP TABLE IF NOT EXISTS previous_hits (
                capture INTEGER PRIMARY KEY, score REAL, phrase INTEGER NOT NULL DEFAULT 0, vector REAL,
                id TEXT NOT NULL, source TEXT NOT NULL, kind TEXT NOT NULL, date REAL NOT NULL);
            DELETE FROM temp.previous_matches;
            """)
        if let expression = match.allWords {
            try db.execute("""
                INSERT INTO temp.previous_matches (capture, score, shown, id, source, kind, date)
                SELECT CASE WHEN c.moment_representative = 0 THEN coalesce((
                           SELECT r.rowid FROM captures AS r WHERE r.moment = c.moment AND r.moment_representative = 1),
                           c.rowid) ELSE c.rowid END, m.score,
                       CASE WHEN c.moment_representative = 1 THEN (\(shown.sql)) END,
                       CASE WHEN c.moment_representative = 1 THEN c.id END,
                       CASE WHEN c.moment_representative = 1 THEN c.source END,
                       CASE WHEN c.moment_representative = 1 THEN c.kind END,
                       CASE WHEN c.moment_representative = 1 THEN c.date END
                FROM (\(matchingRows(scored: true))) AS m CROSS JOIN captures AS c ON c.rowid = m.capture
                WHERE 1
                ON CONFLICT (capture) DO UPDATE SET score = min(score, excluded.score),
                    shown = coalesce(shown, excluded.shown), id = coalesce(id, excluded.id),
                    source = coalesce(source, excluded.source), kind = coalesce(kind, excluded.kind),
                    date = coalesce(date, excluded.date)
                """, shown.arguments + [.text(expression), .text(expression)])
        }
        if let phrase = match.phrase {
            try db.execute("""
                UPDATE temp.previous_matches SET phrase = 1 WHERE capture IN (
                    SELECT coalesce(r.rowid, c.rowid) FROM (\(matchingRows(scored: false))) AS m
                    CROSS JOIN captures AS c ON c.rowid = m.capture
                    LEFT JOIN captures AS r ON c.moment_representative = 0 AND r.moment = c.moment
                        AND r.moment_representative = 1)
                """, [.text(phrase), .text(phrase)])
        }
        for (id, similarity) in vectorScores {
            try db.execute("""
                INSERT INTO temp.previous_matches (capture, vector)
                SELECT coalesce(r.rowid, c.rowid), ?2 FROM captures AS c
                LEFT JOIN captures AS r ON c.moment_representative = 0 AND r.moment = c.moment
                    AND r.moment_representative = 1
                WHERE c.id = ?1
                ON CONFLICT (capture) DO UPDATE SET vector = max(coalesce(vector, -2), excluded.vector)
                """, [.text(id), .real(Double(similarity))])
        }
    }

    private static func matchingRows(scored: Bool) -> String {
        """
        SELECT rowid AS capture\(scored ? ", bm25(captures_search, 1.0, 0.8, 0.4) AS score" : "")
        FROM captures_search WHERE captures_search MATCH ?
        UNION ALL
        SELECT c.rowid\(scored ? ", bm25(search_fields_fts)" : "")
        FROM search_fields_fts JOIN search_fields AS f ON f.id = search_fields_fts.rowid
        JOIN captures AS c ON c.id = f.capture_id
        WHERE search_fields_fts MATCH ?
        """
    }

    private struct PageRow {
        var row: Answer.Row
        var moment: String?
    }

    private static func page(offset: Int, limit: Int, hybrid: Bool, in db: Database) throws -> [PageRow] {
        guard limit > 0 else { return [] }
        let rank = hybrid ? """
            (CASE WHEN h.score IS NULL THEN 0.0 ELSE 1.0 / (60 + rank() OVER (ORDER BY h.score IS NULL, h.score)) END
             + CASE WHEN h.vector IS NULL THEN 0.0
                    ELSE 1.0 / (60 + rank() OVER (ORDER BY h.vector IS NULL, h.vector DESC)) END)
            """ : "-coalesce(h.score, 0)"
        return try db.query("""
            SELECT c.id, c.source, c.path, c.date, c.kind, p.city, p.lat, p.lon, h.score, h.vector, h.phrase, c.moment,
                   h.fused
            FROM (SELECT h.capture, h.score, h.vector, h.phrase, h.date, h.id, \(rank) AS fused
                  FROM temp.previous_hits AS h
                  ORDER BY h.phrase DESC, fused DESC, h.date DESC, h.id LIMIT ? OFFSET ?) AS h
            CROSS JOIN captures AS c ON c.rowid = h.capture
            LEFT JOIN places AS p ON p.capture_id = c.id
            ORDER BY h.phrase DESC, h.fused DESC, h.date DESC, h.id
            """, [DatabaseValue(limit), DatabaseValue(offset)]) { row in
            var place = row.string(5)
            if place == nil, let lat = row.double(6), let lon = row.double(7) { place = "\(lat),\(lon)" }
            return PageRow(row: Answer.Row(id: row.string(0) ?? "", textScore: row.double(8),
                                           vectorScore: row.double(9), exactPhrase: row.bool(10) ?? false,
                                           field: nil, snippet: nil, place: place, kind: row.string(4) ?? "",
                                           date: Date(timeIntervalSince1970: row.double(3) ?? 0)),
                           moment: row.string(11))
        }
    }

    private static let builtInFields = ["text", "labels", "path"]

    private static func addSnippet(to result: inout PageRow, match: String, request: SearchRequest,
                                   in db: Database) throws {
        let marks: [DatabaseValue] = [.text(request.openMark), .text(request.closeMark)]
        var ids = [result.row.id]
        if let moment = result.moment {
            ids += try db.query("SELECT id FROM captures WHERE moment = ? AND id != ? ORDER BY id",
                                [.text(moment), .text(result.row.id)]) { $0.string(0) ?? "" }
        }
        for id in ids {
            let columns = try db.first("""
                SELECT snippet(captures_search, 0, ?1, ?2, '…', 12), snippet(captures_search, 1, ?1, ?2, '…', 12),
                       snippet(captures_search, 2, ?1, ?2, '…', 12)
                FROM captures_search WHERE captures_search MATCH ?3
                    AND rowid = (SELECT rowid FROM captures WHERE id = ?4)
                """, marks + [.text(match), .text(id)]) { row in (0..<3).map { row.string(Int32($0)) } }
            if let columns {
                for (index, text) in columns.enumerated() where text?.contains(request.openMark) == true {
                    result.row.field = builtInFields[index]
                    result.row.snippet = text
                    return
                }
            }
            if let (field, text) = try db.first("""
                SELECT f.field, snippet(search_fields_fts, 0, ?1, ?2, '…', 12)
                FROM search_fields_fts JOIN search_fields AS f ON f.id = search_fields_fts.rowid
                WHERE search_fields_fts MATCH ?3 AND f.capture_id = ?4
                ORDER BY bm25(search_fields_fts) LIMIT 1
                """, marks + [.text(match), .text(id)], { ($0.string(0) ?? "", $0.string(1) ?? "") }) {
                result.row.field = field
                result.row.snippet = text
                return
            }
        }
    }

    private static func facetCounts(in db: Database) throws -> [String: [FacetCount]] {
        var facets: [String: [FacetCount]] = [:]
        func count(_ name: String, _ sql: String) throws {
            let counts = try db.query(sql + " ORDER BY 2 DESC, 1 LIMIT 50") { row in
                FacetCount(value: row.string(0) ?? "", count: row.int(1) ?? 0)
            }
            if !counts.isEmpty { facets[name] = counts }
        }
        try count("label", """
            SELECT l.name, count(*) FROM temp.previous_hits AS h CROSS JOIN labels AS l ON l.capture_id = h.id GROUP BY 1
            """)
        var columns: [String: [String: Int]] = ["source": [:], "kind": [:], "city": [:], "month": [:], "hasCode": [:]]
        try db.forEachRow("""
            SELECT h.source, h.kind, (SELECT city FROM places WHERE places.capture_id = h.id),
                   strftime('%Y-%m', h.date, 'unixepoch'), EXISTS (SELECT 1 FROM codes WHERE capture_id = h.id)
            FROM temp.previous_hits AS h
            """) { row in
            columns["source"]![row.string(0) ?? "", default: 0] += 1
            columns["kind"]![row.string(1) ?? "", default: 0] += 1
            if let city = row.string(2) { columns["city"]![city, default: 0] += 1 }
            columns["month"]![row.string(3) ?? "", default: 0] += 1
            columns["hasCode"]![(row.bool(4) ?? false) ? "true" : "false", default: 0] += 1
        }
        for (name, counts) in columns where !counts.isEmpty {
            facets[name] = counts.map { FacetCount(value: $0.key, count: $0.value) }
                .sorted { ($0.count, $1.value) > ($1.count, $0.value) }
                .prefix(50).map { $0 }
        }
        for source in FacetSource.declared {
            let columns = Set(try db.query("SELECT name FROM pragma_table_info(?)", [.text(source.table)]) {
                $0.string(0) ?? ""
            })
            guard columns.contains("capture_id"), columns.contains(source.column) else { continue }
            try count(source.name, """
                SELECT t."\(source.column)", count(DISTINCT h.capture) FROM temp.previous_hits AS h
                JOIN "\(source.table)" AS t ON t.capture_id = h.id GROUP BY 1
                """)
        }
        return facets
    }
}
