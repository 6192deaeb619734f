import CSQLite

/// One connection to an SQLite database. Not thread-safe: reach it through `DatabaseQueue`, which hands it to one
/// closure at a time.
///
/// Opened with WAL journaling (for a file, unless asked not to: see `enableWriteAheadLog()`), `synchronous=NORMAL`,
/// foreign keys on and a busy timeout, so a second process (`sqlite3` on the index, a second `pool-pipeline`) waits
/// instead of failing at once.
public final class Database {
    /// The path the connection was opened with (`:memory:` for an in-memory database).
    public let path: String
    let handle: OpaquePointer
    private var statements: [String: Statement] = [:]
    /// Whether `pool_phrase_frequencies` is registered on this connection (`registerPhraseFrequencies`).
    var phraseFrequenciesRegistered = false

    /// Opens or creates the database at `path`; `:memory:` opens a private in-memory database. With
    /// `writeAheadLog` false the file's journal mode is left as it is (nothing is written on opening), so a caller
    /// can look at a file before deciding to make it its own.
    public init(path: String, busyTimeoutMilliseconds: Int32 = 5000, writeAheadLog: Bool = true) throws(DatabaseError) {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw DatabaseError(extendedCode: code, message: "cannot open \(path): \(message)")
        }
        self.path = path
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
        _ = csqlite_db_config_defensive(handle, 1)
        try execute("PRAGMA synchronous = NORMAL")
        try execute("PRAGMA foreign_keys = ON")
        if writeAheadLog { try enableWriteAheadLog() }
    }

    /// Switches the database file to WAL journaling (a change written into the file, kept by later connections).
    public func enableWriteAheadLog() throws(DatabaseError) {
        try execute("PRAGMA journal_mode = WAL")
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs one statement with `arguments` to its end, discarding any rows.
    public func execute(_ sql: String, _ arguments: [DatabaseValue] = []) throws(DatabaseError) {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        while try statement.step() {}
    }

    /// Runs a script of several statements without arguments (schema changes).
    public func executeScript(_ sql: String) throws(DatabaseError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw DatabaseError(extendedCode: sqlite3_extended_errcode(handle), message: text, sql: sql)
        }
    }

    /// Runs a query and maps each row with `transform`.
    public func query<T>(_ sql: String, _ arguments: [DatabaseValue] = [],
                         _ transform: (Row) throws -> T) throws -> [T] {
        var results: [T] = []
        try forEachRow(sql, arguments) { row in results.append(try transform(row)) }
        return results
    }

    /// Runs a query and calls `body` for each row, without collecting them.
    public func forEachRow(_ sql: String, _ arguments: [DatabaseValue] = [], _ body: (Row) throws -> Void) throws {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        while try statement.step() { try body(statement.row) }
    }

    /// The first row mapped with `transform`, or nil when the query returns no row.
    public func first<T>(_ sql: String, _ arguments: [DatabaseValue] = [], _ transform: (Row) throws -> T) throws -> T? {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        return try statement.step() ? try transform(statement.row) : nil
    }

    /// The integer in the first column of the first row (a `count(*)`), or nil.
    public func integer(_ sql: String, _ arguments: [DatabaseValue] = []) throws -> Int64? {
        try first(sql, arguments) { $0.int64(0) } ?? nil
    }

    /// The rowid of the last row inserted on this connection.
    public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Whether a transaction is open.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    /// `immediate` takes the write lock at once, so two writers never deadlock upgrading a read lock.
    public func inTransaction<T>(immediate: Bool, _ body: (Database) throws -> T) throws -> T {
        try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
        do {
            let result = try body(self)
            try execute("COMMIT")
            return result
        } catch {
            if isInTransaction { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// A prepared statement for `sql`, kept for reuse by later calls with the same SQL.
    func cachedStatement(_ sql: String) throws(DatabaseError) -> Statement {
        if let statement = statements[sql] { return statement }
        let statement = try Statement(database: handle, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// Finalizes cached statements (before a schema change or close).
    func clearStatementCache() { statements.removeAll() }
}

@available(*, unavailable)
extension Database: Sendable {}
