/// A capture's identity, stable across runs (derived from its source and its path within the source).
public struct CaptureID: Hashable, Sendable, Codable, CustomStringConvertible, Comparable {
    public var rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public static func < (lhs: CaptureID, rhs: CaptureID) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension CaptureID {
    /// Whether this id sorts before `other` byte by byte (UTF-8), the order SQLite's default collation uses.
    public func bytesPrecede(_ other: CaptureID) -> Bool {
        rawValue.utf8.lexicographicallyPrecedes(other.rawValue.utf8)
    }
}
