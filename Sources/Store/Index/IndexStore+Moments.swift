import Captures
import Foundation
import Runner
import Similarity

/// Moments in the index: `captures.moment` and `captures.moment_representative`, kept equal to what
/// `MomentGrouper` would build from every capture in the index.
///
/// Each change regroups only the captures it can affect, inside the transaction that makes the change: the
/// captures written or removed, every fingerprinted capture of the same source within the grouping interval of
/// a written one, and all members of every moment any of those were in. That set is closed under links (a
/// capture outside it links to none of its members: links between unchanged captures existed before and
/// already put both in one moment), so grouping it afresh gives the same moments as grouping the whole index.
extension IndexStore {
    /// The rules moments are grouped by (same source, 10 s, `FingerprintMatch.threshold`).
    static let momentRules = MomentGrouper.Rules()

    /// The columns `momentCapture(_:)` reads, in its order.
    static let momentColumns = "id, source, date, fingerprint, sharpness, date_source, kind, text"

    /// Regroups the moments around captures just written (inserted or replaced) in this transaction. When none of
    /// them was in a moment before, they can only join moments, and `mergeMoments(adding:in:)` links them in without
    /// loading the moments; a capture that was in a moment may leave it and split it, and then every moment
    /// around is regrouped whole.
    static func regroupMoments(afterWriting ids: [String], in db: Database) throws {
        var wasInMoment = false
        for id in ids where !wasInMoment {
            wasInMoment = try db.first("SELECT moment IS NOT NULL FROM captures WHERE id = ?", [.text(id)]) {
                $0.bool(0) ?? false
            } ?? false
        }
        guard wasInMoment else {
            for id in ids {
                try db.execute("UPDATE captures SET moment = NULL, moment_representative = 1 WHERE id = ?", [.text(id)])
            }
            try mergeMoments(adding: ids, in: db)
            return
        }
        var moments = Set<String>()
        var captures: [String: MomentCapture] = [:]
        for id in ids {
            if let moment = try db.first("SELECT moment FROM captures WHERE id = ?", [.text(id)], { $0.string(0) }),
               let moment {
                moments.insert(moment)
            }
            try db.execute("UPDATE captures SET moment = NULL, moment_representative = 1 WHERE id = ?", [.text(id)])
            guard let capture = try momentCapture(id, in: db) else { continue }
            captures[id] = capture
            let window = momentRules.maxInterval + 0.001
            let date = capture.date.timeIntervalSince1970
            try db.forEachRow("""
                SELECT \(momentColumns), moment FROM captures
                WHERE source = ? AND date BETWEEN ? AND ? AND fingerprint IS NOT NULL
                """, [.text(capture.source), .real(date - window), .real(date + window)]) { row in
                if let neighbour = try momentCapture(row) { captures[neighbour.id.rawValue] = neighbour }
                if let moment = row.string(8) { moments.insert(moment) }
            }
        }
        try regroup(captures, addingMembersOf: moments, in: db)
    }

    /// Regroups what is left of moments after some of their captures were removed in this transaction: a moment
    /// may split, shrink to a capture alone, or have its next sharpest shot promoted to representative.
    static func regroupMoments(afterRemovingFrom moments: Set<String>, in db: Database) throws {
        guard !moments.isEmpty else { return }
        try regroup([:], addingMembersOf: moments, in: db)
    }

    /// Groups every fingerprinted capture of the index afresh (the migration that adds moments).
    static func groupAllMoments(in db: Database) throws {
        var captures: [String: MomentCapture] = [:]
        try db.forEachRow("""
            SELECT \(momentColumns) FROM captures
            WHERE fingerprint IS NOT NULL
            """) { row in
            if let capture = try momentCapture(row) { captures[capture.id.rawValue] = capture }
        }
        try db.execute("UPDATE captures SET moment = NULL, moment_representative = 1")
        try regroup(captures, addingMembersOf: [], in: db)
    }

    /// Groups `captures` together with every member of `moments` and writes each one's moment and flag.
    private static func regroup(_ captures: [String: MomentCapture], addingMembersOf moments: Set<String>,
                                in db: Database) throws {
        var captures = captures
        for moment in moments.sorted() {
            try db.forEachRow("""
                SELECT \(momentColumns) FROM captures
                WHERE moment = ? AND fingerprint IS NOT NULL
                """, [.text(moment)]) { row in
                if let capture = try momentCapture(row) { captures[capture.id.rawValue] = capture }
            }
        }
        let grouper = MomentGrouper(rules: momentRules, captures: Array(captures.values))
        for moment in grouper.moments {
            for member in moment.members {
                try db.execute("UPDATE captures SET moment = ?, moment_representative = ? WHERE id = ?", [
                    moment.isGroup ? .text(moment.id.rawValue) : .null,
                    DatabaseValue(!moment.isGroup || member == moment.representative), .text(member.rawValue),
                ])
            }
        }
    }

    static func momentCapture(_ id: String, in db: Database) throws -> MomentCapture? {
        try db.first("""
            SELECT \(momentColumns) FROM captures
            WHERE id = ? AND fingerprint IS NOT NULL
            """, [.text(id)]) { try momentCapture($0) } ?? nil
    }

    /// A capture's moment facts from a row of `momentColumns`; nil
    /// without a fingerprint. Without a focus measure the sharpness is 0.
    static func momentCapture(_ row: Row) throws -> MomentCapture? {
        guard let fingerprint = row.int64(3) else { return nil }
        guard let id = row.string(0), let source = row.string(1), let date = row.double(2) else {
            throw StoreError.corruptRow(table: "captures", column: "id, source or date", id: row.string(0) ?? "?")
        }
        guard let dateSource = row.string(5).flatMap(CaptureMetadata.DateSource.init(rawValue:)) else {
            throw StoreError.corruptRow(table: "captures", column: "date_source", id: id)
        }
        guard let kind = row.string(6).flatMap(CaptureMetadata.Kind.init(rawValue:)) else {
            throw StoreError.corruptRow(table: "captures", column: "kind", id: id)
        }
        return MomentCapture(id: CaptureID(id), source: source, date: Date(timeIntervalSince1970: date),
                             dateSource: dateSource, kind: kind,
                             fingerprint: VisualFingerprint(bits: UInt64(bitPattern: fingerprint)),
                             sharpness: row.double(4) ?? 0, text: row.string(7))
    }
}
