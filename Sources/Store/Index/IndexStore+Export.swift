import Captures
import Foundation

extension IndexStore {
    /// Writes the index as JSON lines: one `ExportedCapture` a line, keys sorted, captures sorted by path (then
    /// source and id), read from one consistent snapshot. Failed captures are not exported (see `failures()`).
    ///
    /// `emit` is called with the store's lock held: it must not call the store.
    public func exportJSONLines(_ emit: (String) throws -> Void) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        try exportCaptures { capture in
            try emit(String(decoding: try encoder.encode(capture), as: UTF8.self))
        }
    }

    /// Calls `body` with each indexed capture as export sees it, sorted by path, source and id.
    public func exportCaptures(_ body: (ExportedCapture) throws -> Void) throws {
        let dates = ISO8601DateFormatter()
        dates.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let families = families
        try read { db in
            try db.forEachRow("""
                SELECT id, source, path, captures.date, date_source, places.lat, places.lon, places.city, kind,
                       format, width, height, text, fingerprint, sharpness, out_of_focus, moment,
                       moment_representative, places.region, places.country, visit_members.visit
                FROM captures
                LEFT JOIN places ON places.capture_id = captures.id
                LEFT JOIN visit_members ON visit_members.capture_id = captures.id
                ORDER BY path, source, id
                """) { row in
                let id = row.string(0) ?? ""
                var location: ExportedCapture.Location?
                if let lat = row.double(5), let lon = row.double(6) {
                    location = ExportedCapture.Location(lat: lat, lon: lon, city: row.string(7),
                                                        region: row.string(18), country: row.string(19),
                                                        visit: row.string(20))
                }
                var capture = ExportedCapture(
                    id: id, source: row.string(1) ?? "", path: row.string(2) ?? "",
                    date: dates.string(from: Date(timeIntervalSince1970: row.double(3) ?? 0)),
                    dateSource: row.string(4) ?? "", location: location, kind: row.string(8) ?? "",
                    format: row.string(9) ?? "", width: row.int(10) ?? 0, height: row.int(11) ?? 0,
                    text: row.string(12), codes: try Self.exportedCodes(of: id, in: db),
                    labels: try Self.labelNames(of: id, in: db),
                    fingerprint: row.int64(13).map { VisualFingerprint(bits: UInt64(bitPattern: $0)).hex },
                    sharpness: row.double(14), outOfFocus: row.bool(15), moment: row.string(16),
                    momentRepresentative: row.bool(17) ?? true, sensitive: nil,
                    links: [], leads: [], things: [])
                for family in families {
                    capture.fields.merge(try family.exportFields(id, db)) { _, new in new }
                }
                try body(capture)
            }
        }
    }

    private static func exportedCodes(of id: String, in db: Database) throws -> [ExportedCapture.Code] {
        try db.query("SELECT format, payload, text FROM codes WHERE capture_id = ? ORDER BY ordinal",
                     [.text(id)]) { row in
            if let text = row.string(2) {
                return ExportedCapture.Code(format: row.string(0) ?? "", payload: text, encoding: "text")
            }
            return ExportedCapture.Code(format: row.string(0) ?? "",
                                        payload: Data(row.blob(1) ?? []).base64EncodedString(), encoding: "base64")
        }
    }

    private static func labelNames(of id: String, in db: Database) throws -> [String] {
        try db.query("SELECT name FROM labels WHERE capture_id = ? ORDER BY confidence DESC, name",
                     [.text(id)]) { $0.string(0) ?? "" }
    }
}
