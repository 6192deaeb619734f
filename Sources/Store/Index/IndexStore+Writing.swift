import Captures
import Foundation

extension IndexStore {
    /// Writes a slice of captures in one transaction: each capture is inserted or, when its id is already indexed,
    /// replaced together with its codes, labels and vector; a failure recorded for it is removed. The signature
    /// stored is `record.file.signature`, which the ledger hands back to skip the capture while it is unchanged.
    ///
    /// The moments around the slice are regrouped in the same transaction (a new shot may join, merge or leave
    /// moments; see `regroupMoments(afterWriting:in:)`).
    ///
    /// Either the whole slice is in the index afterwards, moments included, or, when this throws or the process
    /// dies, none of it.
    public func write(_ records: [CaptureRecord], indexedAt: Date = Date()) throws {
        guard !records.isEmpty else { return }
        let families = families
        try queue.write { db in
            let familyTables = try Self.familyTableNames(db)
            for record in records {
                try Self.upsert(record, indexedAt: indexedAt, families: families, familyTables: familyTables, in: db)
            }
            try Self.regroupMoments(afterWriting: records.map(\.file.id.rawValue), in: db)
        }
    }

    /// Writes one capture: its row, codes, labels and vector, the parts of the `families` attached (after deleting
    /// its rows from every family table, `familyTables`), and its search entry.
    static func upsert(_ record: CaptureRecord, indexedAt: Date, families: [StoredFamily] = [],
                       familyTables: [String] = [], in db: Database) throws {
        let id = record.file.id.rawValue
        let metadata = record.metadata
        let rowID = try db.first("""
            INSERT INTO captures (id, source, path, signature, date, date_source, width, height,
                                  kind, format, text, fingerprint, sharpness, out_of_focus, indexed_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET
                source = excluded.source, path = excluded.path, signature = excluded.signature,
                date = excluded.date, date_source = excluded.date_source,
                width = excluded.width, height = excluded.height,
                kind = excluded.kind, format = excluded.format, text = excluded.text,
                fingerprint = excluded.fingerprint, sharpness = excluded.sharpness,
                out_of_focus = excluded.out_of_focus, indexed_at = excluded.indexed_at
            RETURNING rowid
            """, [
                .text(id), .text(record.file.source), .text(record.file.relativePath), .text(record.file.signature),
                .real(metadata.date.timeIntervalSince1970), .text(metadata.dateSource.rawValue),
                DatabaseValue(metadata.pixelWidth), DatabaseValue(metadata.pixelHeight),
                .text(metadata.kind.rawValue), .text(metadata.format), DatabaseValue(record.text?.fullText),
                DatabaseValue(record.fingerprint.map { Int64(bitPattern: $0.bits) }),
                DatabaseValue(record.focus?.sharpness), DatabaseValue(record.focus?.outOfFocus),
                .real(indexedAt.timeIntervalSince1970),
            ]) { $0.int64(0) } ?? nil
        guard let rowID else { throw StoreError.corruptRow(table: "captures", column: "rowid", id: id) }

        try writePlace(of: record, in: db)
        for table in ["codes", "labels", "vectors", "failures", "capture_holds"] + familyTables {
            try db.execute("DELETE FROM \(table) WHERE capture_id = ?", [.text(id)])
        }
        for (ordinal, code) in (record.codes?.codes ?? []).enumerated() {
            try db.execute("""
                INSERT INTO codes (capture_id, ordinal, format, payload, text, box_x, box_y, box_width, box_height)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(id), DatabaseValue(ordinal), .text(code.format), .blob(code.payload),
                      DatabaseValue(code.text), .real(code.box.x), .real(code.box.y), .real(code.box.width),
                      .real(code.box.height)])
        }
        for label in record.labels?.labels ?? [] {
            try db.execute("""
                INSERT INTO labels (capture_id, name, confidence) VALUES (?, ?, ?)
                ON CONFLICT (capture_id, name) DO UPDATE SET confidence = max(confidence, excluded.confidence)
                """, [.text(id), .text(label.name), .real(label.confidence)])
        }
        if let vector = record.vector, !vector.values.isEmpty {     // an empty vector is a pending one
            try db.execute("INSERT INTO vectors (capture_id, model, dim, data) VALUES (?, ?, ?, ?)",
                           [.text(id), .text(vector.model), DatabaseValue(vector.values.count),
                            .blob(VectorEncoding.bytes(of: vector.values))])
        }
        var familyText: [String] = []
        for family in families {
            guard let part = record.extras.all.first(where: { type(of: $0) == family.partType }) else { continue }
            try family.writePart(part, id, db)
            if let text = family.searchPart(part), !text.isEmpty { familyText.append(text) }
        }
        try db.execute("DELETE FROM captures_search WHERE rowid = ?", [.integer(rowID)])
        try db.execute("INSERT INTO captures_search (rowid, text, labels, path) VALUES (?, ?, ?, ?)", [
            .integer(rowID), .text(([searchText(of: record)] + familyText).filter { !$0.isEmpty }.joined(separator: "\n")),
            .text((record.labels?.labels ?? []).map(\.name).joined(separator: " ")),
            .text(record.file.relativePath),
        ])
        try IndexSchema.refreshFactsSize(rowID, in: db)
    }

    /// What search matches as the capture's text: the lines read from it and the text of its codes.
    private static func searchText(of record: CaptureRecord) -> String {
        var parts: [String] = []
        if let text = record.text?.fullText, !text.isEmpty { parts.append(text) }
        parts += (record.codes?.codes ?? []).compactMap(\.text)
        return parts.joined(separator: "\n")
    }
}
