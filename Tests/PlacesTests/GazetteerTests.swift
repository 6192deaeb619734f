import Places
import Testing

/// A point with the place a person there would name.
struct KnownPoint: Sendable, CustomTestStringConvertible {
    var continent: String
    var latitude: Double
    var longitude: Double
    var city: String
    var country: String

    var testDescription: String { "\(continent): \(city)" }
}

@Suite("Places: GeoNames offline")
struct GazetteerTests {
    static let gazetteer = Gazetteer.geonames

    static let continents = [
        KnownPoint(continent: "Europe", latitude: 48.8530, longitude: 2.3499, city: "Paris", country: "France"),
        KnownPoint(continent: "North America", latitude: 19.4326, longitude: -99.1332, city: "Mexico City",
                   country: "Mexico"),
        KnownPoint(continent: "South America", latitude: -22.9068, longitude: -43.1729, city: "Rio de Janeiro",
                   country: "Brazil"),
        KnownPoint(continent: "Africa", latitude: -1.2864, longitude: 36.8172, city: "Nairobi", country: "Kenya"),
        KnownPoint(continent: "Asia", latitude: 35.6812, longitude: 139.7671, city: "Tokyo", country: "Japan"),
        KnownPoint(continent: "Oceania", latitude: -33.8568, longitude: 151.2153, city: "Sydney",
                   country: "Australia"),
    ]

    @Test("libgeonames' cities are loaded")
    func loaded() {
        #expect(Self.gazetteer.count > 20_000)
    }

    @Test("a point in a city is named by its city and country", arguments: continents)
    func continent(_ point: KnownPoint) throws {
        let match = try #require(Self.gazetteer.nearest(latitude: point.latitude, longitude: point.longitude))
        #expect(match.place.city == point.city)
        #expect(match.place.country == point.country)
        #expect(match.kilometres < 10)
    }

    @Test("Antarctica (McMurdo Station) has no populated place nearby")
    func antarctica() {
        #expect(Self.gazetteer.nearest(latitude: -77.846, longitude: 166.676) == nil)
    }

    @Test("a district of a big city is named by the city: off Marseille's coast, at sea, within reach")
    func cityOverDistrict() throws {
        let match = try #require(Self.gazetteer.nearest(latitude: 43.25, longitude: 5.30))
        #expect(match.place.city == "Marseille")
        #expect(match.place.country == "France")
    }

    @Test("mid-ocean: no city and no country")
    func atSea() {
        #expect(Self.gazetteer.nearest(latitude: 30, longitude: -40) == nil)
        #expect(Self.gazetteer.nearest(latitude: -40, longitude: -120) == nil)
    }

    @Test("across the antimeridian: a point at -179.95 finds Labasa (Fiji) at +179.4")
    func antimeridian() throws {
        #expect(Self.gazetteer.nearest(latitude: -16.43, longitude: -179.95) == nil)        // 73 km: too far
        let match = try #require(Self.gazetteer.nearest(latitude: -16.43, longitude: -179.95, within: 100))
        #expect(match.place.city == "Labasa" && match.place.countryCode == "FJ")
        #expect(abs(match.kilometres - 73) < 2)
    }

    @Test("across the antimeridian with places on both sides: the nearer wins, whichever side")
    func antimeridianSynthetic() throws {
        let east = PopulatedPlace(city: "East", region: "", country: "X", countryCode: "XX", latitude: 0,
                                  longitude: 179.9, population: 20_000)
        let west = PopulatedPlace(city: "West", region: "", country: "X", countryCode: "XX", latitude: 0,
                                  longitude: -179.7, population: 20_000)
        let gazetteer = Gazetteer(places: [east, west])
        #expect(gazetteer.nearest(latitude: 0, longitude: -179.95)?.place == east)    // 5.6 km against 27.8
        #expect(gazetteer.nearest(latitude: 0, longitude: 179.99)?.place == east)
        #expect(gazetteer.nearest(latitude: 0, longitude: -179.8)?.place == west)
    }

    @Test("the poles: nothing within reach, and a wide radius still searches every longitude")
    func poles() throws {
        #expect(Self.gazetteer.nearest(latitude: 90, longitude: 0) == nil)
        #expect(Self.gazetteer.nearest(latitude: -90, longitude: 0) == nil)
        let north = try #require(Self.gazetteer.nearest(latitude: 90, longitude: 123, within: 1400))
        #expect(north.place.countryCode == "SJ")                          // Longyearbyen, Svalbard, 1,310 km
        #expect(Self.gazetteer.nearest(latitude: 91, longitude: 0) == nil)
        #expect(Self.gazetteer.nearest(latitude: .nan, longitude: 0) == nil)
    }

    @Test("great-circle distances")
    func distances() {
        #expect(abs(GreatCircle.kilometres(0, 0, 0, 1) - 111.195) < 0.01)
        #expect(abs(GreatCircle.kilometres(0, 179.5, 0, -179.5) - 111.195) < 0.01)
        #expect(abs(GreatCircle.kilometres(90, 0, 90, 180)) < 1e-6)
        #expect(abs(GreatCircle.kilometres(0, 0, 0, 180) - Double.pi * GreatCircle.earthRadiusKilometres) < 1e-6)
    }
}
