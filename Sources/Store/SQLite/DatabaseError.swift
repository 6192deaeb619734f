import CSQLite

/// An error SQLite reported: its (extended) result code, its message and the SQL that failed.
///
/// The description never shows the values bound to the statement, which may hold a user's text.
public struct DatabaseError: Error, Equatable, CustomStringConvertible {
    /// The extended result code (`SQLITE_CONSTRAINT_PRIMARYKEY` rather than `SQLITE_CONSTRAINT`).
    public var extendedCode: Int32
    /// SQLite's message.
    public var message: String
    /// The statement that failed, when there was one.
    public var sql: String?

    public init(extendedCode: Int32, message: String, sql: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
    }

    /// The primary result code (`SQLITE_CONSTRAINT`, `SQLITE_BUSY`, ...).
    public var code: Int32 { extendedCode & 0xFF }

    public var description: String {
        var text = "SQLite error \(extendedCode)"
        if let name = sqlite3_errstr(extendedCode) { text += " (\(String(cString: name)))" }
        text += ": \(message)"
        if let sql { text += " — while running: \(sql)" }
        return text
    }
}
