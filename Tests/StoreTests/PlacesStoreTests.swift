import Captures
import Foundation
import Runner
import Testing
@testable import Store

@Suite("Places and visits in the index")
struct PlacesStoreTests {
    static let morning = Date(timeIntervalSince1970: 1_767_772_800)      // 2026-01-07T08:00:00Z

    static let paris = CapturePlace(city: "Paris", region: "Île-de-France", country: "France", countryCode: "FR",
                                    key: "FR/IDF/Paris", kilometres: 0.4)
    static let versailles = CapturePlace(city: "Versailles", region: "Île-de-France", country: "France",
                                         countryCode: "FR", key: "FR/IDF/Versailles", kilometres: 1.1)
    static let giverny = CapturePlace(city: "Vernon", region: "Normandy", country: "France", countryCode: "FR",
                                      key: "FR/NOR/Vernon", kilometres: 3.9)

    static func shot(_ name: String, hours: Double, _ place: CapturePlace?, source: String = "photos")
        -> CaptureRecord {
        var record = Records.record(name, source: source, location: GeoPoint(latitude: 48.85, longitude: 2.35),
                                    date: morning.addingTimeInterval(hours * 3600))
        record.place = place
        return record
    }

    func locations(_ store: IndexStore) throws -> [String: ExportedCapture.Location?] {
        var found: [String: ExportedCapture.Location?] = [:]
        try store.exportCaptures { found[$0.path] = $0.location }
        return found
    }

    @Test("a day of captures in three places gives four visits (back to Paris in the evening), in export",
          arguments: IndexLocation.allCases)
    func dayInThreePlaces(_ location: IndexLocation) throws {
        let index = try TestIndex(location)
        // Written out of order, in two slices and two sources: visits follow time, not sources or slices.
        try index.store.write([Self.shot("p4.jpg", hours: 10, Self.paris), Self.shot("v1.jpg", hours: 3, Self.versailles),
                               Self.shot("p1.jpg", hours: 0, Self.paris)])
        try index.store.write([Self.shot("g1.jpg", hours: 6, Self.giverny), Self.shot("p2.jpg", hours: 0.5, Self.paris),
                               Self.shot("v2.jpg", hours: 4.5, Self.versailles, source: "phone"),
                               Self.shot("g2.jpg", hours: 6.2, Self.giverny),
                               Self.shot("sea.jpg", hours: 5, .unknown), Self.shot("none.jpg", hours: 4, nil)])
        let found = try locations(index.store)
        func visit(_ path: String) -> String? { found[path]??.visit }
        #expect(visit("p1.jpg") == "photos:p1.jpg" && visit("p2.jpg") == "photos:p1.jpg")
        #expect(visit("v1.jpg") == "photos:v1.jpg" && visit("v2.jpg") == "photos:v1.jpg")
        #expect(visit("g1.jpg") == "photos:g1.jpg" && visit("g2.jpg") == "photos:g1.jpg")
        #expect(visit("p4.jpg") == "photos:p4.jpg")
        #expect(visit("sea.jpg") == nil && found["sea.jpg"]??.city == nil)
        #expect(found["p1.jpg"]??.city == "Paris" && found["p1.jpg"]??.country == "France")
        #expect(found["g1.jpg"]??.region == "Normandy")

        let visits = try index.store.read { db in
            try db.query("SELECT id, city, first, last, captures FROM visits ORDER BY first") { row in
                "\(row.string(0) ?? "") \(row.string(1) ?? "") \(row.int(4) ?? 0) \(Int(row.double(3)! - row.double(2)!))"
            }
        }
        #expect(visits == ["photos:p1.jpg Paris 2 1800", "photos:v1.jpg Versailles 2 5400",
                           "photos:g1.jpg Vernon 2 720", "photos:p4.jpg Paris 1 0"])
    }

    @Test("forgetting all location data is one statement; a forgotten capture leaves its visit")
    func forget() throws {
        let store = try IndexStore.inMemory()
        try store.write([Self.shot("a.jpg", hours: 0, Self.paris), Self.shot("b.jpg", hours: 1, Self.paris),
                         Self.shot("c.jpg", hours: 2, Self.paris)])
        try store.forgetCaptures([CaptureID("photos:a.jpg")], source: "photos")
        #expect(try locations(store)["b.jpg"]??.visit == "photos:b.jpg")
        try store.write { db in try db.execute("DELETE FROM places") }
        #expect(try locations(store).values.allSatisfy { $0 == nil })
        #expect(try store.count("visits") == 0)
    }

    @Test("rewriting a capture without a places stage keeps its names while the coordinates stay")
    func rewriteKeepsNames() throws {
        let store = try IndexStore.inMemory()
        try store.write([Self.shot("a.jpg", hours: 0, Self.paris)])
        try store.write([Self.shot("a.jpg", hours: 0, nil)])
        #expect(try locations(store)["a.jpg"]??.city == "Paris")
        var moved = Self.shot("a.jpg", hours: 0, nil)
        moved.metadata.location = GeoPoint(latitude: 45.76, longitude: 4.83)
        try store.write([moved])
        let location = try #require(try locations(store)["a.jpg"] ?? nil)
        #expect(location.city == nil && location.lat == 45.76)
        var gone = moved
        gone.metadata.location = nil
        try store.write([gone])
        #expect(try locations(store)["a.jpg"] == .some(nil))
    }
}
