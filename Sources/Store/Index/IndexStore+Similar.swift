import Captures
import Foundation
import Similarity

/// Near-duplicates across the whole index, by fingerprint distance (`pool-pipeline similar`).
extension IndexStore {
    /// The indexed captures whose fingerprints are at most `maxDistance` from the one of the capture `reference`
    /// names, nearest first (then by path and id), at most `limit` of them, the capture itself left out.
    ///
    /// `reference` is a capture's id (`source:path`), its path within its source as export shows it, or the path
    /// of an indexed file on disk (absolute, or relative to the working folder), matched by the stored path it
    /// ends with. Only indexed captures can be asked about: a file that is not in the index is not fingerprinted
    /// here. The search uses a `FingerprintIndex` built from the stored fingerprints, not a scan of every pair.
    ///
    /// Throws `StoreError.unknownCapture`, `.ambiguousCapture` or `.noFingerprint` when `reference` does not
    /// name exactly one fingerprinted capture.
    public func similarCaptures(to reference: String, maxDistance: Int = FingerprintMatch.threshold,
                                limit: Int = 20) throws -> SimilarResult {
        let (query, library) = try read { db in
            let query = try Self.resolveCapture(reference, in: db)
            guard let bits = query.fingerprint else { throw StoreError.noFingerprint(id: query.id) }
            var library: [StoredFingerprint] = []
            try db.forEachRow("""
                SELECT id, source, path, fingerprint, moment FROM captures WHERE fingerprint IS NOT NULL
                """) { row in
                guard let id = row.string(0), let fingerprint = row.int64(3) else { return }
                library.append(StoredFingerprint(id: id, source: row.string(1) ?? "", path: row.string(2) ?? "",
                                                 fingerprint: fingerprint, moment: row.string(4)))
            }
            let moment = try db.first("SELECT moment FROM captures WHERE id = ?", [.text(query.id)]) {
                $0.string(0)
            } ?? nil
            return (StoredFingerprint(id: query.id, source: query.source, path: query.path, fingerprint: bits,
                                      moment: moment), library)
        }
        let index = FingerprintIndex(library.indices.map { (id: $0, fingerprint: library[$0].visualFingerprint) })
        let matches = index.search(query.visualFingerprint, within: maxDistance).compactMap { match in
            let stored = library[match.id]
            return stored.id == query.id ? nil : SimilarCapture(id: stored.id, source: stored.source, path: stored.path,
                                                                distance: match.distance, moment: stored.moment)
        }
        let nearest = matches.sorted { ($0.distance, $0.path, $0.id) < ($1.distance, $1.path, $1.id) }
        return SimilarResult(query: SimilarCapture(id: query.id, source: query.source, path: query.path, distance: 0,
                                                   moment: query.moment),
                             matches: Array(nearest.prefix(limit)))
    }

    /// One capture's fingerprint as stored, with where it is.
    private struct StoredFingerprint: Sendable {
        var id: String
        var source: String
        var path: String
        var fingerprint: Int64
        var moment: String?

        var visualFingerprint: VisualFingerprint { VisualFingerprint(bits: UInt64(bitPattern: fingerprint)) }
    }

    /// A capture found by `resolveCapture`, its fingerprint nil when it has none.
    private struct ResolvedCapture: Sendable {
        var id: String
        var source: String
        var path: String
        var fingerprint: Int64?
    }

    /// The capture `reference` names: by id, else by stored path, else as a file path whose end is a stored path
    /// (the longest such path wins; several captures with it are ambiguous).
    private static func resolveCapture(_ reference: String, in db: Database) throws -> ResolvedCapture {
        let columns = "SELECT id, source, path, fingerprint FROM captures"
        let read: (Row) -> ResolvedCapture = { row in
            ResolvedCapture(id: row.string(0) ?? "", source: row.string(1) ?? "", path: row.string(2) ?? "",
                            fingerprint: row.int64(3))
        }
        if let capture = try db.first("\(columns) WHERE id = ?", [.text(reference)], read) { return capture }
        var candidates = try db.query("\(columns) WHERE path = ? ORDER BY id", [.text(reference)], read)
        if candidates.isEmpty {
            let absolute = URL(fileURLWithPath: reference).standardizedFileURL.path
            candidates = try db.query("""
                \(columns) WHERE substr(?1, -length(path) - 1) = '/' || path ORDER BY length(path) DESC, id
                """, [.text(absolute)], read)
            if let longest = candidates.first?.path.count {
                candidates = candidates.filter { $0.path.count == longest }
            }
        }
        guard let first = candidates.first else { throw StoreError.unknownCapture(reference: reference) }
        guard candidates.count == 1 else {
            throw StoreError.ambiguousCapture(reference: reference, ids: candidates.map(\.id))
        }
        return first
    }
}
