/// A stage whose joined input reads more parts than its input type lists: which ones is decided when the stage is
/// built (the persist stage reads every part some stored family declares; the privacy gate reads every part, to hold
/// it back or hand it on). The loader checks edges against `JoinedInput.parts` plus `extraParts`.
public protocol OpenJoin: Sendable {
    /// The parts this stage reads beyond its input type's `parts`.
    var extraParts: ExtraParts { get }
}

/// The parts an `OpenJoin` stage reads beyond its input type's own.
public enum ExtraParts: Sendable {
    /// Only the input type's parts.
    case none
    /// These types, each optional.
    case only([any Sendable.Type])
    /// Any type at all (a stage that passes on what it does not understand).
    case any

    /// Whether a part of `type` is accepted.
    public func accepts(_ type: any Sendable.Type) -> Bool {
        switch self {
        case .none: false
        case .only(let types): types.contains { $0 == type }
        case .any: true
        }
    }

    /// How the loader describes them in an error.
    var summary: String {
        switch self {
        case .none: ""
        case .only(let types): types.map { " + " + String(describing: $0) + "?" }.joined()
        case .any: " + any other part"
        }
    }
}
