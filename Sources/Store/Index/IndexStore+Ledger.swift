import Foundation
import Runner

extension IndexStore: CaptureLedger {
    /// The signature of every capture of `source` in the index: indexed ones and failed ones, so an unchanged
    /// capture is skipped whether it succeeded or failed.
    public func signatures(source: String) async throws -> [CaptureID: String] {
        try read { db in
            var result: [CaptureID: String] = [:]
            try db.forEachRow("""
                SELECT id, signature FROM captures WHERE source = ?1
                UNION ALL SELECT capture_id, signature FROM failures WHERE source = ?1
                """, [.text(source)]) { row in
                if let id = row.string(0), let signature = row.string(1) { result[CaptureID(id)] = signature }
            }
            return result
        }
    }

    /// Looks each capture up by id (indexed first, then failed), in one read transaction.
    public func signatures(of captures: [CaptureID], source: String) async throws -> [CaptureID: String] {
        guard !captures.isEmpty else { return [:] }
        return try read { db in
            var result: [CaptureID: String] = [:]
            for capture in captures {
                let signature = try db.first("""
                    SELECT signature FROM captures WHERE id = ?1 AND source = ?2
                    UNION ALL SELECT signature FROM failures WHERE capture_id = ?1 AND source = ?2
                    """, [.text(capture.rawValue), .text(source)]) { $0.string(0) } ?? nil
                if let signature { result[capture] = signature }
            }
            return result
        }
    }

    /// Walks the primary keys of `captures` and `failures` from `id` on, `limit` rows of each at most, and merges
    /// them: each page costs `limit` steps however large the index is.
    public func captureIDs(source: String, after id: CaptureID?, limit: Int) async throws -> [CaptureID] {
        guard limit > 0 else { return [] }
        return try read { db in
            let arguments: [DatabaseValue] = [.text(source), .text(id?.rawValue ?? ""), DatabaseValue(limit)]
            var ids = Set<String>()
            for table in [(name: "captures", id: "id"), (name: "failures", id: "capture_id")] {
                // `+source`: walk the primary key in order rather than the source index.
                let sql = "SELECT \(table.id) FROM \(table.name) WHERE \(table.id) > ?2 AND +source = ?1 "
                    + "ORDER BY \(table.id) LIMIT ?3"
                try db.forEachRow(sql, arguments) { row in if let id = row.string(0) { ids.insert(id) } }
            }
            return ids.map(CaptureID.init).sorted { $0.bytesPrecede($1) }.prefix(limit).map { $0 }
        }
    }

    public func recordFailure(_ failure: CaptureFailure, source: String, signature: String) async throws {
        try recordFailure(failure, source: source, signature: signature, path: nil)
    }

    public func forget(_ captures: [CaptureID], source: String) async throws {
        try forgetCaptures(captures, source: source)
    }

    /// Records that a capture failed, replacing an earlier failure and removing the capture from the index (its
    /// data belonged to an earlier version of the file), in one transaction. `path` is the path within the source,
    /// when known.
    public func recordFailure(_ failure: CaptureFailure, source: String, signature: String, path: String?,
                              failedAt: Date = Date()) throws {
        try write { db in
            try Self.removeCapture(failure.capture.rawValue, source: source, in: db)
            try db.execute("""
                INSERT INTO failures (capture_id, source, path, signature, stage, reason, failed_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (capture_id) DO UPDATE SET
                    source = excluded.source, path = coalesce(excluded.path, path), signature = excluded.signature,
                    stage = excluded.stage, reason = excluded.reason, failed_at = excluded.failed_at
                """, [.text(failure.capture.rawValue), .text(source), DatabaseValue(path), .text(signature),
                      .text(failure.stageID), .text(failure.reason), .real(failedAt.timeIntervalSince1970)])
        }
    }

    /// Drops captures of `source` from the index with their codes, labels, vectors, search entry and failure
    /// record, all in one transaction.
    public func forgetCaptures(_ captures: [CaptureID], source: String) throws {
        guard !captures.isEmpty else { return }
        try write { db in
            var moments = Set<String>()
            for capture in captures {
                if let moment = try Self.deleteCapture(capture.rawValue, source: source, in: db) {
                    moments.insert(moment)
                }
                try db.execute("DELETE FROM failures WHERE capture_id = ? AND source = ?",
                               [.text(capture.rawValue), .text(source)])
            }
            try Self.regroupMoments(afterRemovingFrom: moments, in: db)
        }
    }

    /// The captures that failed, sorted by source and path (then id).
    public func failures() throws -> [StoredFailure] {
        try read { db in
            try db.query("""
                SELECT capture_id, source, path, signature, stage, reason, failed_at FROM failures
                ORDER BY source, path, capture_id
                """) { row in
                StoredFailure(failure: CaptureFailure(capture: CaptureID(row.string(0) ?? ""),
                                                      stageID: row.string(4) ?? "", reason: row.string(5) ?? ""),
                              source: row.string(1) ?? "", path: row.string(2), signature: row.string(3) ?? "",
                              failedAt: Date(timeIntervalSince1970: row.double(6) ?? 0))
            }
        }
    }

    /// Deletes one capture row (its children go by cascade) and its search entry, and regroups the moment it was
    /// in (deleting a representative promotes the next sharpest shot).
    static func removeCapture(_ id: String, source: String, in db: Database) throws {
        if let moment = try deleteCapture(id, source: source, in: db) {
            try regroupMoments(afterRemovingFrom: [moment], in: db)
        }
    }

    /// Deletes one capture row and its search entry; returns the moment it was in, which the caller regroups
    /// (once for a whole batch of deletions).
    private static func deleteCapture(_ id: String, source: String, in db: Database) throws -> String? {
        let row = try db.first("SELECT rowid, moment FROM captures WHERE id = ? AND source = ?",
                               [.text(id), .text(source)]) { ($0.int64(0), $0.string(1)) }
        guard let row, let rowID = row.0 else { return nil }
        try db.execute("DELETE FROM captures_search WHERE rowid = ?", [.integer(rowID)])
        try db.execute("DELETE FROM captures WHERE rowid = ?", [.integer(rowID)])
        return row.1
    }
}
