import Foundation

/// Groups captures with a place into visits: in time order, a capture continues the current visit when it is at
/// the same place and at most `maxGap` after the visit's last capture; a capture elsewhere, or a longer pause,
/// starts a new visit (a day in Paris, Versailles and Paris again is three visits). Captures without a place are
/// not given to the grouper and do not interrupt a visit.
public struct VisitGrouper: Sendable {
    /// One capture as the grouper sees it.
    public struct Capture: Sendable, Equatable {
        public var id: String
        public var date: Date
        public var placeKey: String

        public init(id: String, date: Date, placeKey: String) {
            self.id = id
            self.date = date
            self.placeKey = placeKey
        }
    }

    /// The longest pause within one visit.
    public static let defaultMaxGap: TimeInterval = 3 * 3600

    public var maxGap: TimeInterval

    public init(maxGap: TimeInterval = Self.defaultMaxGap) {
        self.maxGap = maxGap
    }

    /// The visits of `captures`, earliest first.
    public func visits(_ captures: [Capture]) -> [Visit] {
        let ordered = captures.sorted { ($0.date, $0.id) < ($1.date, $1.id) }
        var visits: [Visit] = []
        for capture in ordered {
            if var current = visits.last, current.placeKey == capture.placeKey,
               capture.date.timeIntervalSince(current.last) <= maxGap {
                current.last = capture.date
                current.members.append(capture.id)
                visits[visits.count - 1] = current
            } else {
                visits.append(Visit(id: capture.id, placeKey: capture.placeKey, first: capture.date, last: capture.date,
                                    members: [capture.id]))
            }
        }
        return visits
    }
}
