import CSQLite

/// The current row of a statement being stepped, read by column index (0 first). Valid only inside the closure
/// that receives it (the statement moves on or resets after it).
public struct Row {
    let statement: OpaquePointer

    init(statement: OpaquePointer) { self.statement = statement }

    /// Whether the column holds NULL.
    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    public func int64(_ column: Int32) -> Int64? {
        isNull(column) ? nil : sqlite3_column_int64(statement, column)
    }

    public func int(_ column: Int32) -> Int? { int64(column).map { Int($0) } }

    public func double(_ column: Int32) -> Double? {
        isNull(column) ? nil : sqlite3_column_double(statement, column)
    }

    public func bool(_ column: Int32) -> Bool? { int64(column).map { $0 != 0 } }

    public func string(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(statement, column) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column's text as SQLite holds it (UTF-8, not checked), or nil for NULL: valid until the statement moves
    /// on, for counting values without making a `String` of each.
    func textBytes(_ column: Int32) -> UnsafeBufferPointer<UInt8>? {
        guard let bytes = sqlite3_column_text(statement, column) else { return nil }
        return UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column)))
    }

    /// The column's blob as SQLite holds it, or nil for NULL: valid until the statement moves on.
    func blobBytes(_ column: Int32) -> UnsafeRawBufferPointer? {
        if isNull(column) { return nil }
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let start = sqlite3_column_blob(statement, column) else {
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(start: start, count: count)
    }

    public func blob(_ column: Int32) -> [UInt8]? {
        if isNull(column) { return nil }
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let start = sqlite3_column_blob(statement, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: start, count: count))
    }
}

@available(*, unavailable)
extension Row: Sendable {}
