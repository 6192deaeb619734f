import Foundation

/// A page of search results with the total and, when asked, the facet counts over every result.
public struct SearchResults: Sendable, Equatable, Codable {
    /// The query's words as searched (after making them safe).
    public var words: [String]
    /// How many captures match in all (every page).
    public var total: Int
    public var offset: Int
    public var results: [SearchResult]
    /// Facet name (`label`, `source`, `kind`, `city`, `month`, `hasCode`, and declared ones such as `lead`) →
    /// values with their counts, most first.
    public var facets: [String: [FacetCount]]
    /// Whether the ranking joined a vector similarity with the text.
    public var hybrid: Bool

    public init(words: [String], total: Int, offset: Int, results: [SearchResult], facets: [String: [FacetCount]],
                hybrid: Bool) {
        self.words = words
        self.total = total
        self.offset = offset
        self.results = results
        self.facets = facets
        self.hybrid = hybrid
    }
}

/// One capture found, with why it matched.
public struct SearchResult: Sendable, Equatable, Codable {
    public var id: String
    public var source: String
    public var path: String
    public var date: Date
    /// `screenshot` or `photo`.
    public var kind: String
    /// The city, or the coordinates as "lat,lon", when places are kept and known.
    public var place: String?
    /// The field whose text matched best (`text`, `labels`, `path`, or a declared field).
    public var field: String?
    /// The matching text with the query's words marked.
    public var snippet: String?
    /// bm25 (lower is better), nil when only the vector matched.
    public var textScore: Double?
    /// Cosine similarity with the query's text vector, when hybrid.
    public var vectorScore: Double?
    /// Whether the words appear as the exact phrase.
    public var exactPhrase: Bool
    /// The moment it shows, when it is a moment's representative.
    public var moment: String?
}

/// How many results have one value of a facet.
public struct FacetCount: Sendable, Equatable, Codable {
    public var value: String
    public var count: Int

    public init(value: String, count: Int) {
        self.value = value
        self.count = count
    }
}
