import Foundation
import Runner

extension IndexStore {
    /// Attaches stage families to this store: applies a family's pending migrations (in one transaction, each with
    /// its record in `family_migrations`), records their tables in `family_tables`, and from then on writes,
    /// exports and searches their parts. Attaching a family again replaces its declaration.
    ///
    /// An index whose families are all up to date is only read. With `migrating` false (commands that only read an
    /// index), nothing is written: a family whose migrations are not all applied is left unattached.
    public func attach(_ families: [StoredFamily], migrating: Bool = true) throws {
        for family in families {
            if !migrating {
                guard try pendingMigrations(of: family).isEmpty, !(try missingTables(of: family)) else { continue }
            } else if try pendingMigrations(of: family).isEmpty == false || (try missingTables(of: family)) {
                try write { db in
                    try db.executeScript(Self.familyTablesScript)
                    for table in family.tables {
                        try db.execute("INSERT OR IGNORE INTO family_tables (name, family) VALUES (?, ?)",
                                       [.text(table), .text(family.name)])
                    }
                    for migration in family.migrations {
                        let recorded = try db.integer("SELECT count(*) FROM family_migrations WHERE name = ?",
                                                      [.text(migration.name)]) ?? 0
                        guard recorded == 0 else { continue }
                        try migration.apply(db)
                        db.clearStatementCache()
                        try db.execute("INSERT INTO family_migrations (name, family, applied_at) VALUES (?, ?, ?)",
                                       [.text(migration.name), .text(family.name),
                                        .text(Date().formatted(.iso8601))])
                    }
                }
            }
            attachedFamilies.withLock { list in
                list.removeAll { $0.name == family.name }
                list.append(family)
            }
        }
    }

    /// The families attached to this store, in the order they were attached.
    public var families: [StoredFamily] { attachedFamilies.withLock { $0 } }

    /// The family migrations recorded in the index, in the order they were applied.
    public func appliedFamilyMigrations() throws -> [String] {
        try read { db in
            guard try Self.hasFamilyTables(db) else { return [] }
            return try db.query("SELECT name FROM family_migrations ORDER BY rowid") { $0.string(0) ?? "" }
        }
    }

    private func pendingMigrations(of family: StoredFamily) throws -> [String] {
        let applied = Set(try appliedFamilyMigrations())
        return family.migrations.map(\.name).filter { !applied.contains($0) }
    }

    private func missingTables(of family: StoredFamily) throws -> Bool {
        let known = Set(try read { db in try Self.familyTableNames(db) })
        return family.tables.contains { !known.contains($0) }
    }

    /// Every family table the index records, attached in this process or not (a capture written again, or a
    /// rebuild, must not leave rows of a family this process does not load).
    static func familyTableNames(_ db: Database) throws -> [String] {
        guard try hasFamilyTables(db) else { return [] }
        return try db.query("SELECT name FROM family_tables ORDER BY name") { $0.string(0) ?? "" }
    }

    private static func hasFamilyTables(_ db: Database) throws -> Bool {
        (try db.integer("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'family_tables'") ?? 0) > 0
    }

    private static let familyTablesScript = """
        CREATE TABLE IF NOT EXISTS family_migrations (
            name TEXT PRIMARY KEY NOT NULL, family TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT;
        CREATE TABLE IF NOT EXISTS family_tables (name TEXT PRIMARY KEY NOT NULL, family TEXT NOT NULL) STRICT;
        """
}
