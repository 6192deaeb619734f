import Runner
import Store
import ThingNaming

extension NamingStage {
    /// How naming's part is kept: `things` (kind, name; the table search's `thing` facet reads) and
    /// `naming_pending` (captures waiting for a name, and why); export's `things` is `[{"kind", "name"}]`; search
    /// matches the grounded names.
    public static let storage = StoredFamily(
        name: "naming", part: CaptureThings.self, tables: ["things", "naming_pending"],
        migrations: [Migration("2026-12-01-naming-things") { db in
            try db.executeScript("""
                CREATE TABLE things (
                    capture_id TEXT NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
                    ordinal INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    name TEXT NOT NULL,
                    PRIMARY KEY (capture_id, ordinal)) STRICT;
                CREATE INDEX things_by_kind ON things (kind, name);
                CREATE TABLE naming_pending (
                    capture_id TEXT PRIMARY KEY NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
                    reason TEXT NOT NULL) STRICT;
                """)
        }],
        write: { part, id, db in
            for (ordinal, thing) in part.things.enumerated() {
                try db.execute("INSERT INTO things (capture_id, ordinal, kind, name) VALUES (?, ?, ?, ?)",
                               [.text(id), .integer(Int64(ordinal)), .text(thing.kind), .text(thing.name)])
            }
            if let reason = part.pending {
                try db.execute("INSERT INTO naming_pending (capture_id, reason) VALUES (?, ?)", [.text(id), .text(reason)])
            }
        },
        export: { id, db in
            let things = try db.query("SELECT kind, name FROM things WHERE capture_id = ? ORDER BY ordinal",
                                      [.text(id)]) { row -> JSONValue in
                .object(["kind": .string(row.string(0) ?? ""), "name": .string(row.string(1) ?? "")])
            }
            return ["things": .array(things)]
        },
        searchText: { part in
            let names = part.things.filter(\.isKnown).map(\.name)
            return names.isEmpty ? nil : names.joined(separator: " ")
        })

    /// The captures of `store` waiting for a name, with the reason (for a later naming pass).
    public static func pending(in store: IndexStore) throws -> [(id: String, reason: String)] {
        try store.read { db in
            let exists = try db.integer(
                "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = 'naming_pending'") ?? 0
            guard exists > 0 else { return [] }
            return try db.query("SELECT capture_id, reason FROM naming_pending ORDER BY capture_id") {
                (id: $0.string(0) ?? "", reason: $0.string(1) ?? "")
            }
        }
    }
}
