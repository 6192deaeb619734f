extension IndexStore {
    /// Checks the index: SQLite's `integrity_check`, foreign keys, the FTS5 index's own check, and that the search
    /// index holds exactly one entry per capture, and that each moment has two or more shots, exactly one
    /// representative and its id among its shots. Returns the problems found; empty means the index is sound.
    public func integrityProblems() throws -> [String] {
        try write { db in
            var problems = try db.query("PRAGMA integrity_check") { $0.string(0) ?? "" }.filter { $0 != "ok" }
            problems += try db.query("PRAGMA foreign_key_check") { row in
                "row \(row.int64(1) ?? 0) of \(row.string(0) ?? "?") refers to a missing \(row.string(2) ?? "?") row"
            }
            do {
                try db.execute("INSERT INTO captures_search (captures_search) VALUES ('integrity-check')")
            } catch let error as DatabaseError {
                problems.append("search index: \(error.message)")
            }
            let orphans = try db.integer("""
                SELECT count(*) FROM captures_search WHERE rowid NOT IN (SELECT rowid FROM captures)
                """) ?? 0
            let missing = try db.integer("""
                SELECT count(*) FROM captures WHERE rowid NOT IN (SELECT rowid FROM captures_search)
                """) ?? 0
            if orphans > 0 { problems.append("search index: \(orphans) entries for captures not in the index") }
            if missing > 0 { problems.append("search index: \(missing) captures without an entry") }
            problems += try db.query("""
                SELECT moment, count(*), sum(moment_representative), sum(id = moment) FROM captures
                WHERE moment IS NOT NULL GROUP BY moment
                HAVING count(*) < 2 OR sum(moment_representative) != 1 OR sum(id = moment) != 1 ORDER BY moment
                """) { row in
                "moment \(row.string(0) ?? "?"): \(row.int64(1) ?? 0) shots, \(row.int64(2) ?? 0) representatives"
                    + ((row.int64(3) ?? 0) == 1 ? "" : ", its id is not one of its shots")
            }
            return problems
        }
    }
}
