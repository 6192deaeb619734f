/// Each capture's size in tokens beside its facts (migration `2026-12-02-search-facts-size`).
///
/// ```
/// capture_facts.size   the tokens of the capture's `captures_search` row, every column (what FTS5's docsize
///                      record sums to, and what `bm25()` divides by the average); NULL when not known
/// ```
///
/// Ranking a common word exactly (`IndexStore+ExactRanking`) needs every shown match's size; reading it from FTS5's
/// docsize table was a second lookup per match beside the facts row already read. FTS5 tables take no triggers, so
/// the writers of `captures_search` (`upsert`, `writeLatePart`) call `refreshFactsSize` after each write; a row
/// whose size is NULL is read from the docsize table instead, so a missed refresh costs speed, never a wrong score
/// (`FactsSizeTests` compares the column with the docsize records after every kind of write).
extension IndexSchema {
    static func addFactsSizes(_ db: Database) throws {
        try db.execute("ALTER TABLE capture_facts ADD COLUMN size INTEGER")
        try fillFactsSizes(db)
    }

    /// Sets every capture's `size` from FTS5's docsize records (the migration, and a test).
    static func fillFactsSizes(_ db: Database) throws {
        var sizes: [(capture: Int64, size: Int64)] = []
        try db.forEachRow("SELECT id, sz FROM captures_search_docsize ORDER BY id") { row in
            if let capture = row.int64(0), let bytes = row.blobBytes(1), let size = BM25Bound.varintSum(bytes) {
                sizes.append((capture, size))
            }
        }
        try db.execute("UPDATE capture_facts SET size = NULL")
        for entry in sizes {
            try db.execute("UPDATE capture_facts SET size = ? WHERE capture = ?",
                           [.integer(entry.size), .integer(entry.capture)])
        }
    }

    /// Sets `capture_facts.size` of search row `rowID` from its docsize record, after `captures_search` changed.
    static func refreshFactsSize(_ rowID: Int64, in db: Database) throws {
        let size = try db.first("SELECT sz FROM captures_search_docsize WHERE id = ?", [.integer(rowID)]) { row in
            row.blobBytes(0).flatMap(BM25Bound.varintSum)
        } ?? nil
        try db.execute("UPDATE capture_facts SET size = ? WHERE capture = ?", [DatabaseValue(size), .integer(rowID)])
    }
}
