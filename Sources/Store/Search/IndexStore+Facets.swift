/// Facet counts over every result of a search (`temp.search_hits`), not only the page shown.
///
/// The built-in facets (label, source, kind, city, month, hasCode) are counted in Swift in the same pass that
/// keeps the page (`SearchTally`), from the narrow facts each result carries (`capture_facts`). The facets other
/// families declare (`FacetSource`) are counted here, from their tables, by the results' ids.
extension IndexStore {
    /// Values shown per facet at most (the most frequent).
    static let facetValueLimit = 50

    /// Adds the declared facets whose tables exist to `facets`.
    static func declaredFacetCounts(into facets: inout [String: [FacetCount]], in db: Database) throws {
        for source in FacetSource.declared where try source.exists(in: db) {
            let counts = try db.query("""
                SELECT t.\(source.quotedColumn), count(DISTINCT h.capture) FROM temp.search_hits AS h
                JOIN \(source.quotedTable) AS t ON t.capture_id = h.id GROUP BY 1
                ORDER BY 2 DESC, 1 LIMIT \(facetValueLimit)
                """) { row in FacetCount(value: row.string(0) ?? "", count: row.int(1) ?? 0) }
            if !counts.isEmpty { facets[source.name] = counts }
        }
    }
}
