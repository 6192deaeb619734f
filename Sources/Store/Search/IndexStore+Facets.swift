/// Facet counts over every result of a search (`temp.search_hits`), not only the page shown.
///
/// The results carry their own narrow columns (id, source, kind, date), so the counts never read the wide
/// `captures` rows: labels are counted from the `labels` key (index only), city and has-code by one lookup each.
extension IndexStore {
    /// Values shown per facet at most (the most frequent).
    static let facetValueLimit = 50

    static func facetCounts(in db: Database) throws -> [String: [FacetCount]] {
        var facets: [String: [FacetCount]] = [:]
        func count(_ name: String, _ sql: String) throws {
            let counts = try db.query(sql + " ORDER BY 2 DESC, 1 LIMIT \(facetValueLimit)") { row in
                FacetCount(value: row.string(0) ?? "", count: row.int(1) ?? 0)
            }
            if !counts.isEmpty { facets[name] = counts }
        }
        try count("label", """
            SELECT l.name, count(*) FROM temp.search_hits AS h CROSS JOIN labels AS l ON l.capture_id = h.id GROUP BY 1
            """)
        // The facets on the capture's own columns in one pass over the results (counting in Swift: a GROUP BY
        // of the combinations sorts every result and cost twice as much).
        var columns: [String: [String: Int]] = ["source": [:], "kind": [:], "city": [:], "month": [:], "hasCode": [:]]
        try db.forEachRow("""
            SELECT h.source, h.kind, (SELECT city FROM places WHERE places.capture_id = h.id),
                   strftime('%Y-%m', h.date, 'unixepoch'), EXISTS (SELECT 1 FROM codes WHERE capture_id = h.id)
            FROM temp.search_hits AS h
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
                .prefix(facetValueLimit).map { $0 }
        }
        for source in FacetSource.declared where try source.exists(in: db) {
            try count(source.name, """
                SELECT t.\(source.quotedColumn), count(DISTINCT h.capture) FROM temp.search_hits AS h
                JOIN \(source.quotedTable) AS t ON t.capture_id = h.id GROUP BY 1
                """)
        }
        return facets
    }
}
