import CSQLite

/// One prepared SQL statement of a `Database`. Bind, step through the rows, reset to run it again.
public final class Statement {
    let handle: OpaquePointer
    /// The statement's SQL, as written (for errors).
    public let sql: String
    private let database: OpaquePointer

    init(database: OpaquePointer, sql: String) throws(DatabaseError) {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(database, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else {
            throw DatabaseError(extendedCode: sqlite3_extended_errcode(database),
                                message: String(cString: sqlite3_errmsg(database)), sql: sql)
        }
        self.handle = handle
        self.database = database
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Resets the statement and binds `values` to its parameters, in order.
    public func bind(_ values: [DatabaseValue]) throws(DatabaseError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard values.count == expected else {
            throw DatabaseError(extendedCode: SQLITE_RANGE,
                                message: "expected \(expected) arguments, got \(values.count)", sql: sql)
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
            case .real(let number): code = sqlite3_bind_double(handle, index, number)
            case .text(let text):
                code = text.utf8CString.withUnsafeBufferPointer { chars in
                    sqlite3_bind_text(handle, index, chars.baseAddress, Int32(chars.count - 1), csqlite_transient())
                }
            case .blob(let bytes):
                if bytes.isEmpty {
                    code = sqlite3_bind_zeroblob(handle, index, 0)
                } else {
                    code = bytes.withUnsafeBytes { raw in
                        sqlite3_bind_blob(handle, index, raw.baseAddress, Int32(raw.count), csqlite_transient())
                    }
                }
            }
            guard code == SQLITE_OK else { throw error(code) }
        }
    }

    /// Moves to the next row: true when there is one, false when the statement is done.
    public func step() throws(DatabaseError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            sqlite3_reset(handle)
            throw error(code)
        }
    }

    /// The current row; call after `step()` returned true.
    public var row: Row { Row(statement: handle) }

    /// Ends the current run, so the statement releases its read or write lock.
    public func reset() { sqlite3_reset(handle) }

    private func error(_ code: Int32) -> DatabaseError {
        let extended = sqlite3_extended_errcode(database)
        let message = String(cString: sqlite3_errmsg(database))
        return DatabaseError(extendedCode: extended & 0xFF == code & 0xFF ? extended : code, message: message, sql: sql)
    }
}

@available(*, unavailable)
extension Statement: Sendable {}
