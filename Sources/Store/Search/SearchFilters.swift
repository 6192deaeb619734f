import Foundation

/// What a search keeps: every filter set must hold (within one filter, any of its values).
public struct SearchFilters: Sendable, Equatable, Codable {
    /// Labels the capture must all have.
    public var labels: [String] = []
    /// Sources, any of them.
    public var sources: [String] = []
    /// `screenshot` or `photo` (any of them).
    public var kinds: [String] = []
    /// Cities (the capture's place), any of them.
    public var cities: [String] = []
    /// Taken at or after.
    public var from: Date?
    /// Taken before.
    public var until: Date?
    /// With (true) or without (false) a read code.
    public var hasCode: Bool?
    /// Values of declared facets (`FacetSource.name` → values, any of them), e.g. `["lead": ["product"]]`;
    /// a facet whose table is not in the index matches nothing.
    public var facets: [String: [String]] = [:]

    public init(labels: [String] = [], sources: [String] = [], kinds: [String] = [], cities: [String] = [],
                from: Date? = nil, until: Date? = nil, hasCode: Bool? = nil, facets: [String: [String]] = [:]) {
        self.labels = labels
        self.sources = sources
        self.kinds = kinds
        self.cities = cities
        self.from = from
        self.until = until
        self.hasCode = hasCode
        self.facets = facets
    }

    /// The SQL condition on `capture_facts AS c` (its `city` and `has_code` columns; labels and declared facets
    /// by `c.id`) and its arguments.
    func condition(in db: Database) throws -> (sql: String, arguments: [DatabaseValue]) {
        var parts: [String] = []
        var arguments: [DatabaseValue] = []
        for label in labels {
            // From the facts row already read (names joined by U+001F, whole names compared byte for byte), not a
            // probe of `labels` per match; a name holding the separator itself is looked up in `labels`.
            if label.contains(IndexSchema.factsLabelSeparator) {
                parts.append("EXISTS (SELECT 1 FROM labels WHERE capture_id = c.id AND name = ?)")
            } else {
                parts.append("instr(char(31) || c.labels || char(31), char(31) || ? || char(31)) > 0")
            }
            arguments.append(.text(label))
        }
        func anyOf(_ column: String, _ values: [String]) {
            guard !values.isEmpty else { return }
            parts.append("\(column) IN (" + values.map { _ in "?" }.joined(separator: ", ") + ")")
            arguments += values.map(DatabaseValue.text)
        }
        anyOf("c.source", sources)
        anyOf("c.kind", kinds)
        anyOf("c.city", cities)
        if let from {
            parts.append("c.date >= ?")
            arguments.append(.real(from.timeIntervalSince1970))
        }
        if let until {
            parts.append("c.date < ?")
            arguments.append(.real(until.timeIntervalSince1970))
        }
        if let hasCode { parts.append("c.has_code = \(hasCode ? 1 : 0)") }
        for (name, values) in facets.sorted(by: { $0.key < $1.key }) where !values.isEmpty {
            guard let source = FacetSource.declared.first(where: { $0.name == name }), try source.exists(in: db) else {
                parts.append("0")
                continue
            }
            parts.append("EXISTS (SELECT 1 FROM \(source.quotedTable) WHERE capture_id = c.id AND \(source.quotedColumn) IN ("
                         + values.map { _ in "?" }.joined(separator: ", ") + "))")
            arguments += values.map(DatabaseValue.text)
        }
        return (parts.isEmpty ? "1" : parts.joined(separator: " AND "), arguments)
    }
}
