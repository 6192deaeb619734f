import Captures
import Foundation
import Runner
import Similarity

/// Joining new captures to moments without loading the moments.
///
/// Adding captures never splits a moment: it can only link new shots to each other, to captures alone, and to
/// existing moments, merging them. So when none of a slice's captures was in a moment before (a first index, or
/// new files), the slice is joined in with work bounded by the slice and the captures dated near it, however
/// large the moments it joins: one scan per source over the slice's time windows finds the links, and each merged
/// moment is named by the earliest of its parts' first shots and shown by the best of their representatives —
/// the same moments `MomentGrouper` would build from the whole index, since a moment's id is its earliest member
/// and its representative the best one, and both orders are total.
extension IndexStore {
    /// One part of a merged moment: a capture written in the slice, a capture that was alone, or an existing
    /// moment (by id).
    private enum Part {
        case capture(MomentCapture)
        case moment(String)
    }

    /// Links the captures just written (none of which was in a moment) to each other and to what is dated near
    /// them, and writes the moments that result.
    static func mergeMoments(adding ids: [String], in db: Database) throws {
        let written = Set(ids)      // a slice may write one capture twice: the last write is what the row holds
        var added: [MomentCapture] = []
        for id in written { if let capture = try momentCapture(id, in: db) { added.append(capture) } }
        guard !added.isEmpty else { return }
        added.sort(by: earlier)
        var union = MomentUnion()
        var parts = added.map { Part.capture($0) }
        for _ in added { _ = union.add() }
        let interval = momentRules.maxInterval

        // Links between the slice's own captures (sorted by date, so only the window after each is checked).
        for first in added.indices {
            var second = first + 1
            while second < added.count, added[second].date <= added[first].date.addingTimeInterval(interval) {
                if isLinked(added[second], to: added[first]) { union.union(first, second) }
                second += 1
            }
        }

        // Links to captures already indexed: one scan per source over the merged windows of its captures.
        var nodes: [String: Int] = [:]
        let bySource = Dictionary(grouping: added.indices, by: { added[$0].source })
        for (source, indices) in bySource.sorted(by: { $0.key < $1.key }) {
            for window in windows(indices.map { added[$0].date }, interval: interval + 0.001) {
                try db.forEachRow("""
                    SELECT \(momentColumns), moment FROM captures
                    WHERE source = ? AND date BETWEEN ? AND ? AND fingerprint IS NOT NULL
                    """, [.text(source), .real(window.lowerBound), .real(window.upperBound)]) { row in
                    guard let neighbour = try momentCapture(row), !written.contains(neighbour.id.rawValue) else {
                        return
                    }
                    let key = row.string(8) ?? neighbour.id.rawValue
                    var node = nodes[key]
                    let from = neighbour.date.addingTimeInterval(-interval - 0.001)
                    var position = firstIndex(in: indices, of: added, from: from)
                    while position < indices.count,
                          added[indices[position]].date <= neighbour.date.addingTimeInterval(interval + 0.001) {
                        let mine = indices[position]
                        position += 1
                        if let node, union.find(node) == union.find(mine) { continue }
                        guard isLinked(neighbour, to: added[mine]) else { continue }
                        if node == nil {
                            node = union.add()
                            nodes[key] = node
                            parts.append(row.string(8) == nil ? .capture(neighbour) : .moment(key))
                        }
                        union.union(node!, mine)
                    }
                }
            }
        }

        var groups: [Int: [Int]] = [:]
        for node in 0..<union.count { groups[union.find(node), default: []].append(node) }
        for root in groups.keys.sorted() {
            guard let group = groups[root], group.count > 1 else { continue }
            try writeMerged(group.map { parts[$0] }, in: db)
        }
    }

    /// Writes one merged moment: its id is the earliest first shot of its parts, its representative the best of
    /// their representatives.
    private static func writeMerged(_ parts: [Part], in db: Database) throws {
        var firsts: [MomentCapture] = [], bests: [MomentCapture] = []
        for part in parts {
            switch part {
            case .capture(let capture):
                firsts.append(capture)
                bests.append(capture)
            case .moment(let id):
                guard let first = try momentCapture(id, in: db) else {
                    throw StoreError.corruptRow(table: "captures", column: "moment", id: id)
                }
                firsts.append(first)
                let best = try db.first("""
                    SELECT \(momentColumns)
                    FROM captures INDEXED BY captures_moment_representative
                    WHERE moment = ? AND moment_representative = 1
                    """, [.text(id)]) { try momentCapture($0) } ?? nil
                bests.append(best ?? first)
            }
        }
        let momentID = firsts.dropFirst().reduce(firsts[0]) { earlier($1, $0) ? $1 : $0 }.id.rawValue
        let representative = bests.dropFirst().reduce(bests[0]) { isBetter($1, than: $0) ? $1 : $0 }.id.rawValue
        for part in parts {
            switch part {
            case .capture(let capture):
                try db.execute("UPDATE captures SET moment = ? WHERE id = ?", [.text(momentID), .text(capture.id.rawValue)])
            case .moment(let id) where id != momentID:
                try db.execute("UPDATE captures SET moment = ? WHERE moment = ?", [.text(momentID), .text(id)])
            case .moment:
                continue
            }
        }
        try db.execute("""
            UPDATE captures INDEXED BY captures_moment_representative SET moment_representative = 0
            WHERE moment = ? AND moment_representative = 1
            """, [.text(momentID)])
        try db.execute("UPDATE captures SET moment_representative = 1 WHERE id = ?", [.text(representative)])
    }

    /// Whether `other` links to `capture`, as `MomentGrouper` decides it (`MomentGrouper.Rules.links`).
    private static func isLinked(_ other: MomentCapture, to capture: MomentCapture) -> Bool {
        momentRules.links(other, capture)
    }

    /// Earlier first; the id breaks ties (the order moments are named by).
    private static func earlier(_ a: MomentCapture, _ b: MomentCapture) -> Bool {
        a.date != b.date ? a.date < b.date : a.id < b.id
    }

    /// Sharper first; then the earlier shot (the order representatives are chosen by).
    private static func isBetter(_ a: MomentCapture, than b: MomentCapture) -> Bool {
        a.sharpness != b.sharpness ? a.sharpness > b.sharpness : earlier(a, b)
    }

    /// The time ranges, in seconds since 1970, within `interval` of the dates (sorted), overlapping ones merged.
    private static func windows(_ dates: [Date], interval: TimeInterval) -> [ClosedRange<Double>] {
        var windows: [ClosedRange<Double>] = []
        for date in dates.map(\.timeIntervalSince1970) {
            if let last = windows.last, date - interval <= last.upperBound {
                windows[windows.count - 1] = last.lowerBound...(date + interval)
            } else {
                windows.append((date - interval)...(date + interval))
            }
        }
        return windows
    }

    /// The first position in `indices` (into `added`, by date) whose capture is dated at or after `date`.
    private static func firstIndex(in indices: [Int], of added: [MomentCapture], from date: Date) -> Int {
        var low = 0, high = indices.count
        while low < high {
            let middle = (low + high) / 2
            if added[indices[middle]].date < date { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
