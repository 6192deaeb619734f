import Foundation

extension IndexStore {
    /// Saves the runner's status (one row, replaced each time) with the pid of the running process.
    public func saveStatus(json: Data, pid: Int32?, updatedAt: Date = Date()) throws {
        try write { db in
            try db.execute("""
                INSERT INTO status (id, json, pid, updated_at) VALUES (1, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET json = excluded.json, pid = excluded.pid,
                    updated_at = excluded.updated_at
                """, [.text(String(decoding: json, as: UTF8.self)), DatabaseValue(pid.map { Int64($0) }),
                      .real(updatedAt.timeIntervalSince1970)])
        }
    }

    /// Marks the saved status as `pid`'s (the run that has just taken the index's lock), keeping what it says.
    /// A saved pid whose process no longer holds the lock tells a reader that the run was interrupted.
    public func markRunning(pid: Int32) throws {
        try write { db in
            try db.execute("""
                INSERT INTO status (id, json, pid, updated_at) VALUES (1, '{}', ?1, ?2)
                ON CONFLICT (id) DO UPDATE SET pid = ?1
                """, [.integer(Int64(pid)), .real(Date().timeIntervalSince1970)])
        }
    }

    /// The last saved status, or nil when no run has saved one.
    public func loadStatus() throws -> StoredStatus? {
        try read { db in
            try db.first("SELECT json, pid, updated_at FROM status WHERE id = 1") { row in
                StoredStatus(json: Data((row.string(0) ?? "").utf8), pid: row.int64(1).map { Int32($0) },
                             updatedAt: Date(timeIntervalSince1970: row.double(2) ?? 0))
            }
        }
    }

    /// A setting that survives a rebuild (index options), or nil.
    public func setting(_ key: String) throws -> String? {
        try read { db in try db.first("SELECT value FROM settings WHERE key = ?", [.text(key)]) { $0.string(0) } ?? nil }
    }

    /// Sets or, for nil, removes a setting.
    public func setSetting(_ key: String, to value: String?) throws {
        try write { db in
            if let value {
                try db.execute("""
                    INSERT INTO settings (key, value) VALUES (?, ?)
                    ON CONFLICT (key) DO UPDATE SET value = excluded.value
                    """, [.text(key), .text(value)])
            } else {
                try db.execute("DELETE FROM settings WHERE key = ?", [.text(key)])
            }
        }
    }

    /// Empties everything derived from the captures (captures, codes, labels, vectors, failures and the search
    /// index) in one transaction, keeping settings, the saved status and the schema. The next run indexes every
    /// capture again, because the ledger no longer knows any of them.
    public func rebuild() throws {
        try write { db in
            for table in try Self.familyTableNames(db) + IndexSchema.derivedTables {
                try db.execute("DELETE FROM \(table)")
            }
        }
        try queue.withConnection { db in try db.execute("VACUUM") }
    }

    /// Closes the store and deletes the index file with its `-wal`, `-shm` and `-journal` companions (not its lock
    /// file, which a run may hold). The store cannot be used afterwards; open a new one to start an empty index.
    public func deleteIndex() throws {
        close()
        guard path != ":memory:" else { return }
        try Self.deleteFiles(at: path)
    }

    /// Deletes the index at `lock.indexPath` while holding its lock: the database (only if it is an index: another
    /// file is refused and left as it is), its `-wal`, `-shm` and `-journal` files, then its lock file, and
    /// releases the lock. No store may have the index open.
    public static func deleteIndex(holding lock: IndexLock) throws {
        let path = lock.indexPath
        guard path != ":memory:" else { return }
        if FileManager.default.fileExists(atPath: path) { try checkIsIndex(at: path) }
        try deleteFiles(at: path)
        lock.releaseDeletingLockFile()
    }

    /// Throws unless the file at `path` is an index (of any schema version): `StoreError.notFound`, `.notSQLite`
    /// or `.notAnIndex` (an empty file too). Only reads.
    public static func checkIsIndex(at path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { throw StoreError.notFound(path: path) }
        try IndexIdentity.checkHeader(path: path)
        let queue = try DatabaseQueue(path: path, writeAheadLog: false)
        defer { queue.close() }
        let kind = try queue.read { db in try IndexIdentity.examine(db, path: path, supportedVersion: nil) }
        if kind == .empty { throw StoreError.notAnIndex(path: path, reason: "it is empty") }
    }

    /// Deletes the index files at `path` (database, `-wal`, `-shm`, `-journal`); missing files are fine.
    /// No store may have the index open.
    static func deleteFiles(at path: String) throws {
        for file in [path, path + "-wal", path + "-shm", path + "-journal"] {
            guard FileManager.default.fileExists(atPath: file) else { continue }
            do {
                try FileManager.default.removeItem(atPath: file)
            } catch {
                throw StoreError.cannotDelete(path: file, reason: error.localizedDescription)
            }
        }
    }
}
