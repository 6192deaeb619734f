/// A named kind of text search matches a capture by. `text`, `labels` and `path` are in `captures_search` (written
/// with each capture); any other field is declared by the stage family that stores it (links, leads, things) and
/// written with `IndexStore.setSearchText(_:field:capture:in:)` into `search_fields`, one row per capture and
/// field, so a new source of text needs no change to the schema or to search.
public struct SearchField: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ name: String) { rawValue = name }

    /// Lines read from the capture and the text of its codes.
    public static let text = SearchField("text")
    /// The names of its labels.
    public static let labels = SearchField("labels")
    /// Its path within its source.
    public static let path = SearchField("path")
    /// The columns of `captures_search`, in order.
    static let builtIn: [SearchField] = [.text, .labels, .path]

    public var description: String { rawValue }
}

extension IndexStore {
    /// Sets (or, for nil or empty text, removes) the searchable text of one field of a capture, in the caller's
    /// transaction. The capture must be indexed; its fields go when it does.
    public static func setSearchText(_ text: String?, field: SearchField, capture: String, in db: Database) throws {
        guard let text, !text.isEmpty else {
            try db.execute("DELETE FROM search_fields WHERE capture_id = ? AND field = ?",
                           [.text(capture), .text(field.rawValue)])
            return
        }
        try db.execute("""
            INSERT INTO search_fields (capture_id, field, body) VALUES (?, ?, ?)
            ON CONFLICT (capture_id, field) DO UPDATE SET body = excluded.body
            """, [.text(capture), .text(field.rawValue), .text(text)])
    }

    /// Sets the searchable text of one field of a capture in its own transaction.
    public func setSearchText(_ text: String?, field: SearchField, capture: String) throws {
        try write { db in try Self.setSearchText(text, field: field, capture: capture, in: db) }
    }

    /// Holds a capture back (a sensitive one): search and batches never show it. Nil `reason` releases it.
    public func hold(capture: String, reason: String?) throws {
        try write { db in
            if let reason {
                try db.execute("""
                    INSERT INTO capture_holds (capture_id, reason) VALUES (?, ?)
                    ON CONFLICT (capture_id) DO UPDATE SET reason = excluded.reason
                    """, [.text(capture), .text(reason)])
            } else {
                try db.execute("DELETE FROM capture_holds WHERE capture_id = ?", [.text(capture)])
            }
        }
    }
}
