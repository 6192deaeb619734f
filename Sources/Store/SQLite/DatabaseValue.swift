/// A value bound to a statement parameter or read from a column: one of SQLite's five storage classes.
public enum DatabaseValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// Text, or null for nil.
    public init(_ value: String?) { self = value.map(DatabaseValue.text) ?? .null }
    /// An integer, or null for nil.
    public init(_ value: Int?) { self = value.map { .integer(Int64($0)) } ?? .null }
    /// An integer, or null for nil.
    public init(_ value: Int64?) { self = value.map(DatabaseValue.integer) ?? .null }
    /// A real, or null for nil.
    public init(_ value: Double?) { self = value.map(DatabaseValue.real) ?? .null }
    /// 1 or 0, or null for nil.
    public init(_ value: Bool?) { self = value.map { .integer($0 ? 1 : 0) } ?? .null }
    /// A blob, or null for nil.
    public init(blob: [UInt8]?) { self = blob.map(DatabaseValue.blob) ?? .null }
}

extension DatabaseValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .text(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .real(value) }
    public init(nilLiteral: ()) { self = .null }
}
