/// A thing a capture shows, named: its kind (one of `kinds`) and its name, or `unknown` when the model's name was
/// not grounded in what was read.
public struct NamedThing: Sendable, Equatable, Hashable {
    public var kind: String
    public var name: String

    public init(kind: String, name: String) {
        self.kind = kind
        self.name = name
    }

    /// The kinds a model may answer with (issue 12: product, place, event, recipe, book, music, movie, article, post).
    public static let kinds = ["product", "place", "event", "recipe", "book", "music", "movie", "article", "post"]

    /// The name given when the model's name is not grounded.
    public static let unknown = "unknown"

    /// Whether the name is the grounded answer of a model, not `unknown`.
    public var isKnown: Bool { name != Self.unknown }
}
