import Foundation
import Testing
@testable import Store

/// Files that are not indexes, made as a user's own files would be.
enum ForeignFiles {
    /// An SQLite database of someone else's: one table `t`, rollback journal (what `sqlite3 x.db 'create table
    /// t(x)'` makes).
    static func sqlite(at path: String, applicationID: Int32 = 0) throws {
        let db = try Database(path: path, writeAheadLog: false)
        try db.execute("CREATE TABLE t (x)")
        try db.execute("INSERT INTO t VALUES (42)")
        if applicationID != 0 { try db.execute("PRAGMA application_id = \(applicationID)") }
    }

    /// The bytes of the file and of every companion SQLite or the index could make beside it.
    static func snapshot(_ path: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for suffix in ["", "-wal", "-shm", "-journal", ".lock"] {
            if let data = FileManager.default.contents(atPath: path + suffix) { files[suffix] = data }
        }
        return files
    }
}

@Suite("An index is ours or it is refused")
struct IndexIdentityTests {
    @Test func givenAnotherApplicationsSQLiteFile_thenOpeningRefusesItNamingItsTablesAndLeavesItUnchanged() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("x.db")
        try ForeignFiles.sqlite(at: path)
        let before = ForeignFiles.snapshot(path)

        #expect(throws: StoreError.notAnIndex(path: path, reason: "it has table t")) { try IndexStore(path: path) }
        #expect(throws: StoreError.notAnIndex(path: path, reason: "it has table t")) {
            try IndexStore.checkIsIndex(at: path)
        }
        #expect(ForeignFiles.snapshot(path) == before)
        let error = StoreError.notAnIndex(path: path, reason: "it has table t")
        #expect(error.description.hasPrefix(
            "\(path) is an SQLite database but not a Pool pipeline index (it has table t)"))
    }

    @Test func givenAnotherApplicationsID_thenOpeningRefusesItEvenWithoutTables() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("other.sqlite")
        let db = try Database(path: path, writeAheadLog: false)
        try db.execute("PRAGMA application_id = 1234")
        let before = ForeignFiles.snapshot(path)
        let reason = "its application id is 0x4d2, not Pool pipeline's 0x506f6f6c"
        #expect(throws: StoreError.notAnIndex(path: path, reason: reason)) {
            try IndexStore(path: path)
        }
        #expect(ForeignFiles.snapshot(path) == before)
    }

    @Test func givenATextFileNamedSQLite_thenOpeningRefusesItAndLeavesItUnchanged() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("notes.sqlite")
        try Data("my notes, not a database\n".utf8).write(to: URL(fileURLWithPath: path))
        let before = ForeignFiles.snapshot(path)
        #expect(throws: StoreError.notSQLite(path: path)) { try IndexStore(path: path) }
        #expect(throws: StoreError.notSQLite(path: path)) { try IndexStore.checkIsIndex(at: path) }
        #expect(ForeignFiles.snapshot(path) == before)
    }

    @Test func givenAnEmptyFileOrANewPath_thenItBecomesAnIndexCarryingItsIdentity() throws {
        let folder = try TemporaryFolder()
        let empty = folder.file("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        for path in [empty, folder.file("new/index.sqlite")] {
            let store = try IndexStore(path: path)
            try store.write(Records.many(2))
            #expect(try store.read { db in try db.integer("PRAGMA application_id") }
                    == Int64(IndexIdentity.applicationID))
            #expect(try store.read { db in try db.integer("PRAGMA user_version") }
                    == Int64(IndexSchema.migrator.migrations.count))
            store.close()
            #expect(try IndexStore(path: path).captureCount == 2)
            try IndexStore.checkIsIndex(at: path)
        }
    }

    @Test func givenAnIndexMadeBeforeIndexesCarriedAnIdentity_thenOpeningAdoptsItKeepingWhatItHolds() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("old.sqlite")
        // What an earlier version made: the migrations and their records, no application id, no user version.
        let queue = try DatabaseQueue(path: path)
        try IndexSchema.migrator.migrate(queue)
        try queue.write { db in
            for record in Records.many(3) { try IndexStore.upsert(record, indexedAt: Records.baseDate, in: db) }
        }
        #expect(try queue.read { db in try db.integer("PRAGMA application_id") } == 0)
        queue.close()

        try IndexStore.checkIsIndex(at: path)
        let store = try IndexStore(path: path)
        #expect(try store.captureCount == 3)
        #expect(try store.read { db in try db.integer("PRAGMA application_id") } == Int64(IndexIdentity.applicationID))
        #expect(try store.read { db in try db.integer("PRAGMA user_version") }
                == Int64(IndexSchema.migrator.migrations.count))
    }

    @Test func givenAnIndexOfANewerSchemaVersion_thenOpeningRefusesItSayingSo() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("index.sqlite")
        let store = try IndexStore(path: path)
        let newer = IndexSchema.migrator.migrations.count + 1
        try store.write { db in try db.execute("PRAGMA user_version = \(newer)") }
        store.close()
        let error = StoreError.newerIndexVersion(path: path, version: newer,
                                                 supported: IndexSchema.migrator.migrations.count)
        #expect(throws: error) { try IndexStore(path: path) }
        #expect(error.description.contains("newer than this version of Pool pipeline knows"))
        try IndexStore.checkIsIndex(at: path)      // still an index: delete-index may delete it
    }

    @Test func givenAForeignFile_whenDeletingItAsAnIndex_thenItIsRefusedAndKept() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("x.db")
        try ForeignFiles.sqlite(at: path)
        let before = ForeignFiles.snapshot(path)
        guard case .acquired(let lock) = try IndexLock.acquire(index: path) else {
            Issue.record("the lock was not free")
            return
        }
        #expect(throws: StoreError.notAnIndex(path: path, reason: "it has table t")) {
            try IndexStore.deleteIndex(holding: lock)
        }
        lock.release()
        #expect(ForeignFiles.snapshot(path).filter { $0.key != ".lock" } == before)
    }

    @Test func givenAnIndex_whenDeletedHoldingItsLock_thenItsFilesAndLockFileAreGone() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("index.sqlite")
        let store = try IndexStore(path: path)
        try store.write(Records.many(2))
        store.close()
        guard case .acquired(let lock) = try IndexLock.acquire(index: path) else {
            Issue.record("the lock was not free")
            return
        }
        try IndexStore.deleteIndex(holding: lock)
        #expect(ForeignFiles.snapshot(path).isEmpty)
        #expect(!lock.isHeld)
    }
}
