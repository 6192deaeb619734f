/// A facet whose values live in a table of their own, one row per (capture, value): a lead's kind, a thing's kind,
/// a visit's city. Declared here by name; search filters and counts by it only when its table exists in the index
/// (the stage family that writes it may not be in this build or this pipeline).
public struct FacetSource: Hashable, Sendable {
    /// The facet's name in requests and results ("lead", "thing").
    public var name: String
    /// The table, with a `capture_id` column.
    public var table: String
    /// The column holding the value.
    public var column: String

    public init(name: String, table: String, column: String) {
        self.name = name
        self.table = table
        self.column = column
    }

    /// The facets other families declare: leads and things by kind (issue 12), places by city (issue 11).
    public static let declared: [FacetSource] = [
        FacetSource(name: "lead", table: "leads", column: "kind"),
        FacetSource(name: "thing", table: "things", column: "kind"),
        FacetSource(name: "place", table: "places", column: "city"),
    ]

    /// Whether the table and both columns exist in the index.
    func exists(in db: Database) throws -> Bool {
        let columns = Set(try db.query("SELECT name FROM pragma_table_info(?)", [.text(table)]) { $0.string(0) ?? "" })
        return columns.contains("capture_id") && columns.contains(column)
    }

    /// The table and column quoted for SQL (names come from declarations, never from a request).
    var quotedTable: String { "\"" + table.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
    var quotedColumn: String { "\"" + column.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
}
