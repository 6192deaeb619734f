/// Facet counts over every result of a search (`temp.search_hits`), not only the page shown.
extension IndexStore {
    /// Values shown per facet at most (the most frequent).
    static let facetValueLimit = 50

    static func facetCounts(in db: Database) throws -> [String: [FacetCount]] {
        let hits = "temp.search_hits AS h JOIN captures AS c ON c.rowid = h.capture"
        var facets: [String: [FacetCount]] = [:]
        func count(_ name: String, _ sql: String) throws {
            let counts = try db.query(sql + " ORDER BY 2 DESC, 1 LIMIT \(facetValueLimit)") { row in
                FacetCount(value: row.string(0) ?? "", count: row.int(1) ?? 0)
            }
            if !counts.isEmpty { facets[name] = counts }
        }
        try count("label", "SELECT l.name, count(*) FROM \(hits) JOIN labels AS l ON l.capture_id = c.id GROUP BY 1")
        try count("source", "SELECT c.source, count(*) FROM \(hits) GROUP BY 1")
        try count("kind", "SELECT c.kind, count(*) FROM \(hits) GROUP BY 1")
        try count("city", "SELECT c.city, count(*) FROM \(hits) WHERE c.city IS NOT NULL GROUP BY 1")
        try count("month", "SELECT strftime('%Y-%m', c.date, 'unixepoch'), count(*) FROM \(hits) GROUP BY 1")
        try count("hasCode", """
            SELECT CASE WHEN EXISTS (SELECT 1 FROM codes WHERE capture_id = c.id) THEN 'true' ELSE 'false' END,
                   count(*) FROM \(hits) GROUP BY 1
            """)
        for source in FacetSource.declared where try source.exists(in: db) {
            try count(source.name, """
                SELECT t.\(source.quotedColumn), count(DISTINCT h.capture) FROM \(hits)
                JOIN \(source.quotedTable) AS t ON t.capture_id = c.id GROUP BY 1
                """)
        }
        return facets
    }
}
