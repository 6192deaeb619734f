import Foundation
import Testing
@testable import Store

@Suite("Migrations")
struct MigrationTests {
    @Test("Given a new index, then the initial migration is recorded once and reopening applies nothing")
    func recordedAndIdempotent() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("index.sqlite")
        let first = try IndexStore(path: path)
        let names = IndexSchema.migrator.migrations.map(\.name)
        #expect(try first.appliedMigrations() == names)
        first.close()

        let queue = try DatabaseQueue(path: path)
        #expect(try IndexSchema.migrator.migrate(queue) == [])
        #expect(try IndexSchema.migrator.appliedMigrations(queue) == names)
        #expect(try queue.read { db in try db.integer("SELECT count(*) FROM schema_migrations") } == Int64(names.count))
    }

    @Test("Given migrations registered later, then only the new ones run, in order, each recorded")
    func appliesPendingInOrder() throws {
        let queue = try DatabaseQueue(path: ":memory:")
        var migrator = DatabaseMigrator([Migration("one") { db in try db.execute("CREATE TABLE a (x INTEGER)") }])
        #expect(try migrator.migrate(queue) == ["one"])
        migrator.register(Migration("two") { db in try db.execute("ALTER TABLE a ADD COLUMN y TEXT") })
        migrator.register(Migration("three") { db in try db.execute("CREATE INDEX a_y ON a (y)") })
        #expect(try migrator.migrate(queue) == ["two", "three"])
        #expect(try migrator.appliedMigrations(queue) == ["one", "two", "three"])
        #expect(try migrator.migrate(queue) == [])
    }

    @Test("Given a migration that fails halfway, then neither its changes nor its record stay")
    func failedMigrationRollsBack() throws {
        let queue = try DatabaseQueue(path: ":memory:")
        let migrator = DatabaseMigrator([Migration("broken") { db in
            try db.execute("CREATE TABLE half (x INTEGER)")
            try db.execute("INSERT INTO no_such_table VALUES (1)")
        }])
        #expect(throws: DatabaseError.self) { try migrator.migrate(queue) }
        #expect(try migrator.appliedMigrations(queue) == [])
        let tables = try queue.read { db in try db.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'half'") }
        #expect(tables == 0)
    }

    @Test("Given an index written by a newer version, then opening it names the unknown migration")
    func newerSchemaRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("index.sqlite")
        try IndexStore(path: path).close()
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute("INSERT INTO schema_migrations (name, applied_at) VALUES ('2099-01-01-future', 'x')")
        }
        queue.close()
        #expect(throws: StoreError.newerSchema(path: path, unknownMigrations: ["2099-01-01-future"])) {
            try IndexStore(path: path)
        }
    }
}
