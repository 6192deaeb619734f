/// Facet counts over every result of a search (`temp.search_hits`), not only the page shown.
///
/// The results carry their own narrow facts (id, source, kind, date, city, has-code, labels, from
/// `capture_facts`), so the built-in facets are counted in one pass over them without a lookup per result.
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
        // Every facet on the capture's own facts in one pass over the results, which carry them (counting in Swift:
        // a GROUP BY sorts every result). Labels come joined in one text per result.
        var columns: [String: [String: Int]] = ["source": [:], "kind": [:], "city": [:], "month": [:], "hasCode": [:]]
        var labels: [String: Int] = [:]
        try db.forEachRow("""
            SELECT h.source, h.kind, h.city, strftime('%Y-%m', h.date, 'unixepoch'), h.has_code, h.labels
            FROM temp.search_hits AS h
            """) { row in
            columns["source"]![row.string(0) ?? "", default: 0] += 1
            columns["kind"]![row.string(1) ?? "", default: 0] += 1
            if let city = row.string(2) { columns["city"]![city, default: 0] += 1 }
            columns["month"]![row.string(3) ?? "", default: 0] += 1
            columns["hasCode"]![(row.bool(4) ?? false) ? "true" : "false", default: 0] += 1
            if let names = row.string(5) {
                for name in names.split(separator: IndexSchema.factsLabelSeparator, omittingEmptySubsequences: false) {
                    labels[String(name), default: 0] += 1
                }
            }
        }
        // Labels in SQLite's order (count, then the name's bytes), as the `labels` table's GROUP BY gave them.
        let labelCounts = labels.map { FacetCount(value: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.value.utf8.lexicographicallyPrecedes($1.value.utf8) }
            .prefix(facetValueLimit)
        if !labelCounts.isEmpty { facets["label"] = Array(labelCounts) }
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
