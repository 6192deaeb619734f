import Foundation

/// Applies named migrations in order, each in its own transaction together with the record of its name in
/// `schema_migrations(name, applied_at)`, so a crash leaves every migration either applied and recorded or neither.
///
/// A database that records a migration this migrator does not know was written by a newer version: the migrator
/// refuses it rather than guess.
public struct DatabaseMigrator: Sendable {
    public private(set) var migrations: [Migration] = []

    public init(_ migrations: [Migration] = []) {
        for migration in migrations { register(migration) }
    }

    /// Adds a migration after the ones already registered. Names must be unique.
    public mutating func register(_ migration: Migration) {
        precondition(!migrations.contains { $0.name == migration.name }, "migration \(migration.name) registered twice")
        migrations.append(migration)
    }

    /// Applies every migration not yet recorded in the database, in order. Returns the names it applied.
    ///
    /// An index that is up to date is only read, so opening it while another process writes does not wait for
    /// the write lock.
    @discardableResult
    public func migrate(_ queue: DatabaseQueue) throws -> [String] {
        let applied = Set(try appliedMigrations(queue))
        let unknown = applied.subtracting(migrations.map(\.name)).sorted()
        guard unknown.isEmpty else { throw StoreError.newerSchema(path: queue.path, unknownMigrations: unknown) }
        let pending = migrations.filter { !applied.contains($0.name) }
        guard !pending.isEmpty else { return [] }

        try queue.write { db in try db.execute(Self.createTable) }
        var newlyApplied: [String] = []
        for migration in pending {
            let didApply = try queue.write { db in
                // Another process may have applied it since the check above.
                let recorded = try db.integer("SELECT count(*) FROM schema_migrations WHERE name = ?",
                                              [.text(migration.name)]) ?? 0
                guard recorded == 0 else { return false }
                try migration.apply(db)
                db.clearStatementCache()
                try db.execute("INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)",
                               [.text(migration.name), .text(Date().formatted(.iso8601))])
                return true
            }
            if didApply { newlyApplied.append(migration.name) }
        }
        return newlyApplied
    }

    /// The names recorded in the database, in the order they were applied.
    public func appliedMigrations(_ queue: DatabaseQueue) throws -> [String] {
        try queue.read { db in
            let exists = try db.integer(
                "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'schema_migrations'") ?? 0
            guard exists > 0 else { return [] }
            return try db.query("SELECT name FROM schema_migrations ORDER BY rowid") { $0.string(0) ?? "" }
        }
    }

    private static let createTable = """
        CREATE TABLE IF NOT EXISTS schema_migrations (
            name TEXT PRIMARY KEY NOT NULL, applied_at TEXT NOT NULL) STRICT
        """
}
