extension IndexStore {
    /// Writes a family's part for a capture already in the index, in the caller's transaction: what a later pass
    /// adds after the capture's slice committed (a name found on a later run). The family's rows of that capture are
    /// deleted first, as when the capture is written; the part's search text is added to what search matches for it.
    /// Returns false, writing nothing, when no attached family is named `family` or the capture is not indexed (it
    /// went meanwhile).
    @discardableResult
    public func writeLatePart(_ part: any Sendable, family name: String, capture id: String,
                              in db: Database) throws -> Bool {
        guard let family = families.first(where: { $0.name == name }),
              let rowID = try db.integer("SELECT rowid FROM captures WHERE id = ?", [.text(id)]) else { return false }
        for table in family.tables {
            try db.execute("DELETE FROM \(table) WHERE capture_id = ?", [.text(id)])
        }
        try family.writePart(part, id, db)
        if let text = family.searchPart(part), !text.isEmpty {
            try db.execute("""
                UPDATE captures_search SET text = CASE WHEN coalesce(text, '') = '' THEN ?1
                                                      ELSE text || char(10) || ?1 END
                WHERE rowid = ?2
                """, [.text(text), .integer(rowID)])
            try IndexSchema.refreshFactsSize(rowID, in: db)
        }
        return true
    }
}
