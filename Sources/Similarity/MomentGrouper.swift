import Foundation
import Runner

/// Groups captures into moments and keeps the grouping right as captures come and go.
///
/// Two captures are *linked* when `Rules.links` says so: both dates are the captures' own times (never a file's
/// time, which a copy makes identical), they come from the same source, were taken at most `maxInterval` seconds
/// apart, and their fingerprints are at most `maxDistance` apart. Two screenshots are held to more: one app's
/// layout looks alike to a fingerprint whatever it shows, so they must be within `maxScreenshotDistance` and show
/// the same text (`ScreenTextAgreement` at least `minScreenshotTextAgreement`), or, when no text was read, have
/// identical fingerprints. A moment is a connected group of linked
/// captures (a burst whose neighbouring shots are linked stays one moment), and its representative is the
/// sharpest member. Because moments are defined by the links alone, the grouping after any sequence of
/// `add` and `remove` calls is the one a fresh grouper would build from the captures present — adding a shot can
/// join or merge moments, removing one can split a moment or promote another representative.
///
/// A pure value: the store loads the captures it holds, calls `add` and `remove` after each slice, and writes the
/// returned `MomentChanges`.
public struct MomentGrouper: Sendable {
    /// How far apart in time and in fingerprint two shots of one moment may be.
    public struct Rules: Sendable, Equatable {
        /// Measured on repeated screenshots against same-layout screenshots of other content
        /// (docs/fingerprint.md, "Moments that are moments").
        public static let defaultScreenshotDistance = 2
        public static let defaultScreenshotTextAgreement = 0.8

        public var maxInterval: TimeInterval
        public var maxDistance: Int
        /// The fingerprint distance within which two screenshots may be the same screen.
        public var maxScreenshotDistance: Int
        /// The share of words two screenshots must have in common (`ScreenTextAgreement`).
        public var minScreenshotTextAgreement: Double

        public init(maxInterval: TimeInterval = 10, maxDistance: Int = FingerprintMatch.threshold,
                    maxScreenshotDistance: Int = Self.defaultScreenshotDistance,
                    minScreenshotTextAgreement: Double = Self.defaultScreenshotTextAgreement) {
            self.maxInterval = maxInterval
            self.maxDistance = maxDistance
            self.maxScreenshotDistance = maxScreenshotDistance
            self.minScreenshotTextAgreement = minScreenshotTextAgreement
        }

        /// Whether two captures are shots of one moment (symmetric): both dates are the captures' own, same
        /// source, at most `maxInterval` apart (inclusive), and they look (and, for screenshots, read) alike.
        public func links(_ a: MomentCapture, _ b: MomentCapture) -> Bool {
            guard a.source == b.source, a.dateSource.isCaptureTime, b.dateSource.isCaptureTime,
                  abs(a.date.timeIntervalSince(b.date)) <= maxInterval else { return false }
            let distance = a.fingerprint.distance(to: b.fingerprint)
            guard a.kind == .screenshot, b.kind == .screenshot else { return distance <= maxDistance }
            guard distance <= maxScreenshotDistance else { return false }
            guard let first = a.text.map(ScreenTextAgreement.words), let second = b.text.map(ScreenTextAgreement.words),
                  !first.isEmpty || !second.isEmpty else {
                return distance == 0    // nothing read: only an identical fingerprint tells it is the same screen
            }
            return ScreenTextAgreement.agreement(first, second) >= minScreenshotTextAgreement
        }
    }

    public let rules: Rules
    private var captures: [CaptureID: MomentCapture] = [:]
    private var timelines: [String: MomentTimeline] = [:]
    private var momentOf: [CaptureID: CaptureID] = [:]
    private var momentsByID: [CaptureID: Moment] = [:]

    /// A grouper holding `captures` (the grouping a store rebuilds on load).
    public init(rules: Rules = Rules(), captures: [MomentCapture] = []) {
        self.rules = rules
        _ = add(captures)
    }

    /// Every moment, by id.
    public var moments: [Moment] { momentsByID.values.sorted { $0.id < $1.id } }

    /// The moment a capture belongs to, or nil when the grouper does not hold it.
    public func moment(containing capture: CaptureID) -> Moment? {
        momentOf[capture].flatMap { momentsByID[$0] }
    }

    /// Adds captures (a capture already held is replaced, as when its file changed) and regroups around them.
    public mutating func add(_ newCaptures: [MomentCapture]) -> MomentChanges {
        var log = ChangeLog()
        for capture in newCaptures {
            if captures[capture.id] != nil { detach(capture.id, log: &log) }
            captures[capture.id] = capture
            timelines[capture.source, default: MomentTimeline()].insert(capture)
            var members = [capture]
            var absorbed = Set<CaptureID>()
            for neighbour in linkedNeighbours(of: capture) {
                guard let momentID = momentOf[neighbour.id], absorbed.insert(momentID).inserted,
                      let moment = momentsByID[momentID] else { continue }
                dissolve(moment, log: &log)
                members += moment.members.compactMap { captures[$0] }
            }
            form(members, log: &log)
        }
        return log.changes(now: momentsByID)
    }

    /// Removes captures (ids the grouper does not hold are ignored); their moments split or promote another
    /// representative as needed.
    public mutating func remove(_ ids: [CaptureID]) -> MomentChanges {
        var log = ChangeLog()
        for id in ids where captures[id] != nil { detach(id, log: &log) }
        return log.changes(now: momentsByID)
    }

    /// Takes a capture out, dissolving its moment and regrouping the rest of it.
    private mutating func detach(_ id: CaptureID, log: inout ChangeLog) {
        guard let capture = captures.removeValue(forKey: id) else { return }
        timelines[capture.source]?.remove(capture)
        if timelines[capture.source]?.isEmpty == true { timelines[capture.source] = nil }
        guard let momentID = momentOf.removeValue(forKey: id), let moment = momentsByID[momentID] else { return }
        dissolve(moment, log: &log)
        var remaining = Set(moment.members)
        remaining.remove(id)
        // Split what is left into its connected groups: links never leave a moment, so search within it.
        while let seed = remaining.first {
            remaining.remove(seed)
            var group: [MomentCapture] = []
            var frontier = [captures[seed]!]
            while let current = frontier.popLast() {
                group.append(current)
                for neighbour in linkedNeighbours(of: current) where remaining.remove(neighbour.id) != nil {
                    frontier.append(neighbour)
                }
            }
            form(group, log: &log)
        }
    }

    private func linkedNeighbours(of capture: MomentCapture) -> [MomentCapture] {
        guard let timeline = timelines[capture.source] else { return [] }
        guard capture.dateSource.isCaptureTime else { return [] }
        return timeline.captures(around: capture.date, within: rules.maxInterval).filter {
            $0.id != capture.id && rules.links($0, capture)
        }
    }

    private mutating func dissolve(_ moment: Moment, log: inout ChangeLog) {
        log.noteBefore(moment)
        momentsByID[moment.id] = nil
    }

    private mutating func form(_ members: [MomentCapture], log: inout ChangeLog) {
        let ordered = members.sorted { $0.precedes($1) }
        let best = ordered.dropFirst().reduce(ordered[0]) { $1.isBetterRepresentative(than: $0) ? $1 : $0 }
        let moment = Moment(id: ordered[0].id, members: ordered.map(\.id), representative: best.id)
        for member in ordered { momentOf[member.id] = moment.id }
        momentsByID[moment.id] = moment
        log.created.insert(moment.id)
    }

    /// The moments touched during one call: their state before it, and the ids formed during it.
    private struct ChangeLog {
        var before: [CaptureID: Moment] = [:]
        var created: Set<CaptureID> = []

        mutating func noteBefore(_ moment: Moment) {
            if before[moment.id] == nil, !created.contains(moment.id) { before[moment.id] = moment }
        }

        func changes(now: [CaptureID: Moment]) -> MomentChanges {
            let updated = created.compactMap { now[$0] }.filter { before[$0.id] != $0 }.sorted { $0.id < $1.id }
            let dissolved = before.keys.filter { now[$0] == nil }.sorted()
            return MomentChanges(updated: updated, dissolved: dissolved)
        }
    }
}
