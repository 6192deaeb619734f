/// What `IndexStore.similarCaptures(to:maxDistance:limit:)` found: the capture asked about (distance 0) and its
/// near-duplicates, nearest first.
public struct SimilarResult: Sendable, Equatable {
    public var query: SimilarCapture
    public var matches: [SimilarCapture]

    public init(query: SimilarCapture, matches: [SimilarCapture]) {
        self.query = query
        self.matches = matches
    }
}
