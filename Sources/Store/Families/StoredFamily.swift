import Runner

/// How a stage family's output is kept in the index, declared by the family itself: its tables (created by its
/// own named migrations), how one capture's part is written to them, the fields it adds to each exported capture,
/// and the text it adds to what search matches. The store knows no family: the persist stage reads every part a
/// family attached to the store declares, and the store writes, exports and searches it through this declaration.
///
/// Every table of a family is keyed by the capture: it must have a `capture_id TEXT` column referencing
/// `captures (id) ON DELETE CASCADE`, so a capture's rows go with it; the store also deletes them before a capture
/// is written again and when the index is rebuilt.
public struct StoredFamily: Sendable {
    /// The family's name, unique in an index (`brightness`, `privacy`, `rules`).
    public let name: String
    /// The type of the part the family's stage hands on (what the persist stage reads for it).
    public let partType: any Sendable.Type
    /// The tables the family's migrations create, each keyed by `capture_id`.
    public let tables: [String]
    /// The family's schema changes, in order; names are unique across families (prefix them with the date and
    /// the family). Recorded in `family_migrations`, apart from the index's own schema version, so an index that
    /// holds a family's tables still opens in a process that does not load that family.
    public let migrations: [Migration]
    let writePart: @Sendable (any Sendable, String, Database) throws -> Void
    let exportFields: @Sendable (String, Database) throws -> [String: JSONValue]
    let searchPart: @Sendable (any Sendable) -> String?

    /// Declares a family storing parts of type `Part`.
    /// - Parameters:
    ///   - write: writes one capture's part (the capture's id given) inside the slice's transaction; the family's
    ///     rows of that capture have been deleted just before.
    ///   - export: the fields this family adds to a capture's export line (read in the export's transaction); a
    ///     field named like one of export's own (`sensitive`, `links`, `leads`, `things`) replaces it.
    ///   - searchText: the text this part adds to what search matches for the capture, if any.
    public init<Part: Sendable>(
        name: String, part: Part.Type, tables: [String], migrations: [Migration],
        write: @escaping @Sendable (_ part: Part, _ captureID: String, _ db: Database) throws -> Void,
        export: @escaping @Sendable (_ captureID: String, _ db: Database) throws -> [String: JSONValue],
        searchText: @escaping @Sendable (Part) -> String? = { _ in nil }
    ) {
        self.name = name
        partType = Part.self
        self.tables = tables
        self.migrations = migrations
        writePart = { value, id, db in
            guard let part = value as? Part else { return }
            try write(part, id, db)
        }
        exportFields = export
        searchPart = { value in (value as? Part).flatMap(searchText) }
    }
}
