import Foundation
import Store

/// `pool-pipeline naming pending`: the captures waiting for a name (the `naming_pending` rows naming.chat left
/// when no endpoint could answer), with why they wait; a later run's naming pass asks for them again.
struct NamingPendingCommand: Sendable {
    static let usage = "pool-pipeline naming pending [--json] [--index PATH]"

    /// One capture waiting for a name, as listed.
    struct Row: Encodable, Equatable {
        var id: String
        var source: String
        var path: String
        var indexedAt: Date
        var reason: String
    }

    let json: Bool
    let indexPath: String

    init(_ arguments: Arguments) throws {
        guard arguments.positionals.count == 1 else { throw UsageError("naming pending takes no argument") }
        guard arguments.value("budget") == nil else { throw UsageError("naming pending takes no --budget") }
        json = arguments.has("json")
        indexPath = IndexOption.path(arguments)
    }

    /// The waiting captures of `store`, oldest first; none when naming never ran on it (no `naming_pending`
    /// table). A held capture is never listed (the gate lets nothing of it reach naming, and its path is empty).
    static func rows(in store: IndexStore) throws -> [Row] {
        try store.read { db in
            let tables = Set(try db.query("SELECT name FROM sqlite_schema WHERE type = 'table'") { $0.string(0) ?? "" })
            guard tables.contains("naming_pending") else { return [] }
            let notHeld = tables.contains("capture_holds")
                ? "WHERE NOT EXISTS (SELECT 1 FROM capture_holds h WHERE h.capture_id = p.capture_id)" : ""
            return try db.query("""
                SELECT p.capture_id, c.source, c.path, c.indexed_at, p.reason FROM naming_pending p
                JOIN captures c ON c.id = p.capture_id \(notHeld)
                ORDER BY c.indexed_at, p.capture_id
                """) { row in
                Row(id: row.string(0) ?? "", source: row.string(1) ?? "", path: row.string(2) ?? "",
                    indexedAt: Date(timeIntervalSince1970: row.double(3) ?? 0), reason: row.string(4) ?? "")
            }
        }
    }

    func run() throws -> ExitCode {
        let rows = try Self.rows(in: try IndexOption.openExisting(indexPath))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        for row in rows {
            if json {
                print(String(decoding: try encoder.encode(row), as: UTF8.self))
            } else {
                print("\(row.id)  \(row.path.escapingControlCharacters)  indexed "
                      + "\(row.indexedAt.formatted(.iso8601))  waiting: \(row.reason.escapingControlCharacters)")
            }
        }
        if !json {
            print(rows.isEmpty ? "no capture is waiting for a name"
                               : "\(rows.count) capture\(rows.count == 1 ? "" : "s") waiting for a name")
        }
        return .success
    }
}
