import Foundation
import ObjectRules
import Runner
import Store

extension RulesStage {
    /// How the rules' findings are kept: `rule_objects` and `rule_leads` (fields as JSON); export's `links`,
    /// `objects` and `leads`; search matches the lead's kind and the objects' values.
    public static let storage = StoredFamily(
        name: "rules", part: CaptureMeaning.self, tables: ["rule_objects", "rule_leads"],
        migrations: [Migration("2026-12-01-rules-objects-leads") { db in
            try db.executeScript("""
                CREATE TABLE rule_objects (
                    capture_id TEXT NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
                    ordinal INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    value TEXT NOT NULL,
                    fields TEXT NOT NULL,
                    PRIMARY KEY (capture_id, ordinal)) STRICT;
                CREATE INDEX rule_objects_by_kind ON rule_objects (kind, value);
                CREATE TABLE rule_leads (
                    capture_id TEXT NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
                    ordinal INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    type TEXT NOT NULL,
                    fields TEXT NOT NULL,
                    PRIMARY KEY (capture_id, ordinal)) STRICT;
                CREATE INDEX rule_leads_by_kind ON rule_leads (kind);
                """)
        }],
        write: { meaning, id, db in
            for (ordinal, object) in meaning.objects.enumerated() {
                try db.execute("INSERT INTO rule_objects (capture_id, ordinal, kind, value, fields) VALUES (?, ?, ?, ?, ?)",
                               [.text(id), .integer(Int64(ordinal)), .text(object.kind), .text(object.value),
                                .text(json(object.fields))])
            }
            if let lead = meaning.lead {
                try db.execute("INSERT INTO rule_leads (capture_id, ordinal, kind, type, fields) VALUES (?, 0, ?, ?, ?)",
                               [.text(id), .text(lead.kind), .text(lead.type), .text(json(lead.fields))])
            }
        },
        export: { id, db in
            let objects = try db.query("SELECT kind, value, fields FROM rule_objects WHERE capture_id = ? ORDER BY ordinal",
                                       [.text(id)]) { row -> JSONValue in
                .object(["kind": .string(row.string(0) ?? ""), "value": .string(row.string(1) ?? ""),
                         "fields": fields(row.string(2))])
            }
            let links = try db.query("SELECT value FROM rule_objects WHERE capture_id = ? AND kind = 'link' ORDER BY ordinal",
                                     [.text(id)]) { JSONValue.string($0.string(0) ?? "") }
            let leads = try db.query("SELECT kind, type, fields FROM rule_leads WHERE capture_id = ? ORDER BY ordinal",
                                     [.text(id)]) { row -> JSONValue in
                .object(["kind": .string(row.string(0) ?? ""), "type": .string(row.string(1) ?? ""),
                         "fields": fields(row.string(2))])
            }
            return ["links": .array(links), "objects": .array(objects), "leads": .array(leads)]
        },
        searchText: { meaning in
            ([meaning.lead?.kind].compactMap { $0 } + meaning.objects.filter { $0.kind != "link" }.map(\.value))
                .joined(separator: " ")
        })

    private static func json(_ fields: [String: String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(fields), as: UTF8.self)) ?? "{}"
    }

    private static func fields(_ text: String?) -> JSONValue {
        guard let data = text?.data(using: .utf8),
              let decoded = try? JSONDecoder().decode([String: String].self, from: data) else { return .object([:]) }
        return .object(decoded.mapValues(JSONValue.string))
    }
}
