import Foundation
import Testing
@testable import Store

@Suite("SQLite connection")
struct DatabaseTests {
    @Test("Given each storage class, when bound and read back, then values are typed and exact")
    func typedRoundTrip() throws {
        let queue = try DatabaseQueue(path: ":memory:")
        let row = try queue.write { db -> [String] in
            try db.execute("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n TEXT, e BLOB)")
            try db.execute("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?)",
                           [.integer(Int64.min), .real(-0.125), "héllo\u{0}wörld", .blob([0, 255, 7]), nil, .blob([])])
            return try db.first("SELECT i, r, s, b, n, e, typeof(e) FROM t") { row in
                ["\(row.int64(0)!)", "\(row.double(1)!)", row.string(2)!, "\(row.blob(3)!)",
                 "\(row.string(4) == nil)", "\(row.blob(5)!)", row.string(6)!]
            } ?? []
        }
        #expect(row == ["\(Int64.min)", "-0.125", "héllo\u{0}wörld", "[0, 255, 7]", "true", "[]", "blob"])
    }

    @Test("Given a failing statement, then the error names the code, message and SQL but no bound value")
    func errorsHideArguments() throws {
        let queue = try DatabaseQueue(path: ":memory:")
        try queue.write { db in try db.execute("CREATE TABLE t (id TEXT PRIMARY KEY)") }
        try queue.write { db in try db.execute("INSERT INTO t VALUES (?)", ["secret-value"]) }
        let error = try #require(throws: DatabaseError.self) {
            try queue.write { db in try db.execute("INSERT INTO t VALUES (?)", ["secret-value"]) }
        }
        #expect(error.code == 19) // SQLITE_CONSTRAINT
        #expect(error.extendedCode == 1555) // SQLITE_CONSTRAINT_PRIMARYKEY
        #expect(error.sql == "INSERT INTO t VALUES (?)")
        #expect(error.description.contains("UNIQUE constraint failed: t.id"))
        #expect(error.description.contains("INSERT INTO t VALUES (?)"))
        #expect(!error.description.contains("secret-value"))
    }

    @Test("Given a write closure that throws, then nothing it wrote stays")
    func rollbackOnThrow() throws {
        struct Boom: Error {}
        let queue = try DatabaseQueue(path: ":memory:")
        try queue.write { db in try db.execute("CREATE TABLE t (x INTEGER)") }
        #expect(throws: Boom.self) {
            try queue.write { db in
                try db.execute("INSERT INTO t VALUES (1)")
                throw Boom()
            }
        }
        #expect(try queue.read { db in try db.integer("SELECT count(*) FROM t") } == 0)
    }

    @Test("Given a file database, then it runs in WAL mode with synchronous NORMAL and foreign keys on")
    func filePragmas() throws {
        let folder = try TemporaryFolder()
        let queue = try DatabaseQueue(path: folder.file("pragmas.sqlite"))
        let values = try queue.withConnection { db in
            [try db.first("PRAGMA journal_mode") { $0.string(0) } ?? nil,
             try db.first("PRAGMA synchronous") { $0.string(0) } ?? nil,
             try db.first("PRAGMA foreign_keys") { $0.string(0) } ?? nil]
        }
        #expect(values == ["wal", "1", "1"])
    }

    @Test("Given a closed queue, then calls fail naming the path")
    func closedQueue() throws {
        let queue = try DatabaseQueue(path: ":memory:")
        queue.close()
        #expect(throws: StoreError.closed(path: ":memory:")) {
            try queue.read { db in try db.integer("SELECT 1") }
        }
    }

    @Test("Given a path in a folder that does not exist, then opening fails with SQLite's reason and the path")
    func unopenable() throws {
        let error = try #require(throws: DatabaseError.self) {
            try DatabaseQueue(path: "/nonexistent-folder-for-test/x.sqlite")
        }
        #expect(error.description.contains("/nonexistent-folder-for-test/x.sqlite"))
    }
}
