import Foundation
import Places
import Testing

@Suite("Visits")
struct VisitGrouperTests {
    static let morning = Date(timeIntervalSince1970: 1_767_772_800)      // 2026-01-07T08:00:00Z

    static func capture(_ id: String, hours: Double, _ place: String) -> VisitGrouper.Capture {
        VisitGrouper.Capture(id: id, date: morning.addingTimeInterval(hours * 3600), placeKey: place)
    }

    @Test("a day in three places, back to the first in the evening: four visits")
    func dayInThreePlaces() {
        let day = [
            Self.capture("p1", hours: 0, "paris"), Self.capture("p2", hours: 0.5, "paris"),
            Self.capture("p3", hours: 2, "paris"),
            Self.capture("v1", hours: 3, "versailles"), Self.capture("v2", hours: 4.5, "versailles"),
            Self.capture("g1", hours: 6, "giverny"), Self.capture("g2", hours: 6.2, "giverny"),
            Self.capture("p4", hours: 10, "paris"),
        ]
        let visits = VisitGrouper().visits(day.shuffled())
        #expect(visits.map(\.members) == [["p1", "p2", "p3"], ["v1", "v2"], ["g1", "g2"], ["p4"]])
        #expect(visits.map(\.id) == ["p1", "v1", "g1", "p4"])
        #expect(visits[0].first == Self.morning && visits[0].last == Self.morning.addingTimeInterval(7200))
    }

    @Test("a pause longer than the gap starts a new visit at the same place; up to the gap it does not")
    func gap() {
        let visits = VisitGrouper().visits([Self.capture("a", hours: 0, "x"), Self.capture("b", hours: 3, "x"),
                                            Self.capture("c", hours: 6.01, "x")])
        #expect(visits.map(\.members) == [["a", "b"], ["c"]])
    }
}
