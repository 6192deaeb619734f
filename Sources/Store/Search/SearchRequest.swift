/// One search: words, filters, a page, and whether to count facets.
public struct SearchRequest: Sendable, Equatable {
    /// The words as typed (any text: see `MatchQuery`). Without words the search lists every visible capture
    /// that passes the filters, newest first.
    public var text: String
    public var filters: SearchFilters
    /// Results skipped (the page's start).
    public var offset: Int
    /// Results returned at most.
    public var limit: Int
    /// Whether the last word also matches longer words it starts.
    public var prefix: Bool
    /// Whether to count facet values over all results (not only the page).
    public var facets: Bool
    /// How matched words are marked in snippets.
    public var openMark = "«"
    public var closeMark = "»"
    /// Similarity to the query's text vector for the captures nearest to it (capture id → cosine), from a vector
    /// search outside the store; joined with the text ranking when given.
    public var vectorScores: [String: Float]

    public init(text: String, filters: SearchFilters = SearchFilters(), offset: Int = 0, limit: Int = 20,
                prefix: Bool = false, facets: Bool = false, vectorScores: [String: Float] = [:]) {
        self.text = text
        self.filters = filters
        self.offset = max(0, offset)
        self.limit = max(0, limit)
        self.prefix = prefix
        self.facets = facets
        self.vectorScores = vectorScores
    }

}
