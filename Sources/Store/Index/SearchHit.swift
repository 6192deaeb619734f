import Runner

/// One capture found by a text search, best first.
public struct SearchHit: Sendable, Equatable {
    public var id: CaptureID
    public var source: String
    /// The path within the source.
    public var path: String
    /// SQLite's bm25 score: lower is a better match.
    public var score: Double

    public init(id: CaptureID, source: String, path: String, score: Double) {
        self.id = id
        self.source = source
        self.path = path
        self.score = score
    }
}
