import Captures
import Runner

/// A capture indexed without an image vector (the model was not installed then): where its file is.
public struct CaptureLackingVector: Sendable, Equatable {
    public var id: CaptureID
    /// The source's id in the pipeline file.
    public var source: String
    /// The path within the source's folder.
    public var path: String
}

extension IndexStore {
    /// Captures that have no vector yet, by id.
    public func capturesLackingVector() throws -> [CaptureLackingVector] {
        try read { db in
            try db.query("""
                SELECT id, source, path FROM captures
                WHERE NOT EXISTS (SELECT 1 FROM vectors WHERE vectors.capture_id = captures.id)
                ORDER BY id
                """) { row in
                CaptureLackingVector(id: CaptureID(row.string(0) ?? ""), source: row.string(1) ?? "",
                                     path: row.string(2) ?? "")
            }
        }
    }

    /// Adds vectors to captures already indexed, in one transaction, touching nothing else: their text, labels,
    /// codes and search rows stay as they are. A capture deleted meanwhile is skipped.
    public func addVectors(_ vectors: [(capture: CaptureID, vector: ImageVector)]) throws {
        guard !vectors.isEmpty else { return }
        try write { db in
            for (capture, vector) in vectors where !vector.values.isEmpty {
                try db.execute("""
                    INSERT INTO vectors (capture_id, model, dim, data)
                    SELECT id, ?, ?, ? FROM captures WHERE id = ?
                    ON CONFLICT (capture_id, model) DO UPDATE SET dim = excluded.dim, data = excluded.data
                    """, [.text(vector.model), DatabaseValue(vector.values.count),
                          .blob(VectorEncoding.bytes(of: vector.values)), .text(capture.rawValue)])
            }
        }
    }

    /// Captures that have at least one image vector (`visuallyIndexedAssets` in the status).
    public var visuallyIndexedCount: Int {
        get throws {
            try read { db in Int(try db.integer("SELECT count(DISTINCT capture_id) FROM vectors") ?? 0) }
        }
    }
}
