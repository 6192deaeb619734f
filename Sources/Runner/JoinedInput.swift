/// The input of a stage that joins several upstream stages: built, for one capture, from the outputs of every
/// stage with an edge into it (fan-in).
///
/// The loader checks the edges against `parts`: each incoming edge must bring one of the listed types, and every
/// required type must be brought by some edge.
public protocol JoinedInput: Sendable {
    /// The types this input is assembled from.
    static var parts: [JoinPart] { get }
    /// Builds the input from the outputs that arrived for one capture.
    init(parts: JoinedParts) throws
}

/// One type a joined input accepts, and whether an edge must bring it.
public struct JoinPart: Sendable {
    public var type: any Sendable.Type
    public var required: Bool

    public init(_ type: any Sendable.Type, required: Bool) {
        self.type = type
        self.required = required
    }

    public static func required(_ type: any Sendable.Type) -> JoinPart { JoinPart(type, required: true) }
    public static func optional(_ type: any Sendable.Type) -> JoinPart { JoinPart(type, required: false) }
}

/// The outputs that arrived for one capture at a join, looked up by type.
public struct JoinedParts: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    /// Adds one upstream output, found again by its dynamic type.
    public mutating func add(_ value: any Sendable) {
        values[ObjectIdentifier(type(of: value))] = value
    }

    /// The part of this type, or nil when no edge brought it.
    public func get<Part>(_ type: Part.Type = Part.self) -> Part? {
        values[ObjectIdentifier(type)] as? Part
    }

    /// Every part, in no particular order.
    public var all: [any Sendable] { Array(values.values) }

    /// Whether no part arrived.
    public var isEmpty: Bool { values.isEmpty }

    /// These parts without the ones of `types`.
    public func removing(_ types: [any Sendable.Type]) -> JoinedParts {
        var copy = self
        for type in types { copy.values[ObjectIdentifier(type)] = nil }
        return copy
    }

    /// The part of this type; throws when it is missing (a required part, checked at load, so only a bug).
    public func require<Part>(_ type: Part.Type = Part.self) throws -> Part {
        guard let part = get(type) else { throw JoinError.missingPart(String(describing: type)) }
        return part
    }
}

/// A join assembled without a part its input requires.
public enum JoinError: Error, CustomStringConvertible {
    case missingPart(String)

    public var description: String {
        switch self {
        case .missingPart(let name): "the join received no \(name)"
        }
    }
}
