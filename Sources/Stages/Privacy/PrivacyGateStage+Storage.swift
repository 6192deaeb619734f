import Runner
import SensitiveDetectors
import Store

extension PrivacyGateStage {
    /// How the gate's verdicts are kept: `privacy_holds` (category, rule, reason of each held capture); export's
    /// `sensitive` is the category; nothing is added to search.
    public static let storage = StoredFamily(
        name: "privacy", part: PrivacyVerdict.self, tables: ["privacy_holds"],
        migrations: [Migration("2026-12-01-privacy-holds") { db in
            try db.execute("""
                CREATE TABLE privacy_holds (
                    capture_id TEXT PRIMARY KEY NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
                    category TEXT NOT NULL,
                    rule TEXT NOT NULL,
                    reason TEXT NOT NULL) STRICT
                """)
        }],
        write: { verdict, id, db in
            try db.execute("INSERT INTO privacy_holds (capture_id, category, rule, reason) VALUES (?, ?, ?, ?)",
                           [.text(id), .text(verdict.category.rawValue), .text(verdict.rule), .text(verdict.reason)])
            // The index's own mark of a held capture: search, batches and similar never show it.
            try db.execute("INSERT OR REPLACE INTO capture_holds (capture_id, reason) VALUES (?, ?)",
                           [.text(id), .text(verdict.category.rawValue)])
        },
        export: { id, db in
            let category = try db.first("SELECT category FROM privacy_holds WHERE capture_id = ?", [.text(id)]) {
                $0.string(0)
            } ?? nil
            return ["sensitive": category.map(JSONValue.string) ?? .null]
        })

    /// Why the gate held the capture `id` in the index `store`, or nil when it did not (or the gate never ran).
    public static func explanation(of id: String, in store: IndexStore) throws -> PrivacyExplanation? {
        try store.read { db in
            let exists = try db.integer(
                "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'privacy_holds'") ?? 0
            guard exists > 0 else { return nil }
            return try db.first("SELECT category, rule, reason FROM privacy_holds WHERE capture_id = ?", [.text(id)]) {
                PrivacyExplanation(category: $0.string(0) ?? "", rule: $0.string(1) ?? "", reason: $0.string(2) ?? "")
            }
        }
    }
}

/// What `explain` says of a held capture.
public struct PrivacyExplanation: Sendable, Equatable, CustomStringConvertible {
    public var category: String
    public var rule: String
    public var reason: String

    /// `held back as payment card by rule card.luhn: payment card: 16 digits passing Luhn in a Visa range, ...`
    public var description: String { "held back as \(category) by rule \(rule): \(reason)" }
}
