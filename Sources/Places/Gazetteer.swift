import CGeonames
import Foundation

/// Finds the populated place a point is in, offline: every place is held in memory sorted by latitude, so a
/// search reads only the band of latitudes within the radius and measures each candidate on the sphere (exact,
/// across the antimeridian and up to the poles, where the band simply ends).
///
/// Of the places within the radius, the one with the smallest distance *for its size* wins: distance divided
/// by `1 + log10(population / 15,000)`. GeoNames lists a city's districts as places of their own ("Marseille
/// 07", "City of Westminster"), so the plain nearest names a district where a person would say the city; a
/// city of a million counts as 2.8 times nearer than a town of 15,000, so a point in a small town still gets
/// the town and not the big city 20 km away.
///
/// `Gazetteer.geonames` holds the GeoNames cities of at least 15,000 people that Debian's libgeonames carries
/// (24,361 in libgeonames 0.3.0), loaded once per process; tests can build one from any places.
public struct Gazetteer: Sendable {
    /// The search radius used when none is given: far enough to name the town a suburb, beach or village
    /// belongs to, near enough that a capture at sea or in a wilderness gets no city.
    public static let defaultRadiusKilometres = 50.0

    /// Places sorted by latitude.
    private let places: [PopulatedPlace]
    private let latitudes: [Double]

    public init(places: [PopulatedPlace]) {
        self.places = places.sorted { ($0.latitude, $0.longitude) < ($1.latitude, $1.longitude) }
        latitudes = self.places.map(\.latitude)
    }

    public var count: Int { places.count }

    /// GeoNames as libgeonames ships it, read once, on first use (0.12-0.14 s of CPU: libgeonames builds each city
    /// as a GVariant).
    public static let geonames: Gazetteer = {
        var places: [PopulatedPlace] = []
        let total = Int(pool_geonames_count())
        places.reserveCapacity(total)
        for index in 0..<total {
            var city = pool_geonames_city()
            guard pool_geonames_city_at(Int32(index), &city) != 0 else { continue }
            defer { pool_geonames_city_release(&city) }
            func text(_ pointer: UnsafePointer<CChar>?) -> String { pointer.map { String(cString: $0) } ?? "" }
            places.append(PopulatedPlace(city: text(city.name), region: text(city.state), country: text(city.country),
                                         countryCode: text(city.country_code), latitude: city.latitude,
                                         longitude: city.longitude, population: Int(city.population)))
        }
        return Gazetteer(places: places)
    }()

    /// The nearest place within `radius` kilometres of the point, or nil when there is none (at sea, in a
    /// desert, at a pole) or the point is not a valid coordinate.
    public func nearest(latitude: Double, longitude: Double,
                        within radius: Double = Self.defaultRadiusKilometres) -> PlaceMatch? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180, radius >= 0 else {
            return nil
        }
        let band = GreatCircle.latitudeDegrees(kilometres: radius)
        var index = firstIndex(atLeast: latitude - band)
        var best: PlaceMatch?
        var bestScore = Double.infinity
        while index < places.count, latitudes[index] <= latitude + band {
            let place = places[index]
            let distance = GreatCircle.kilometres(latitude, longitude, place.latitude, place.longitude)
            let score = distance / Self.sizeWeight(population: place.population)
            if distance <= radius, score < bestScore {
                best = PlaceMatch(place: place, kilometres: distance)
                bestScore = score
            }
            index += 1
        }
        return best
    }

    /// How much nearer a place counts for its size: 1 for 15,000 people or fewer, 2 for 150,000, 3 for 1.5 million.
    static func sizeWeight(population: Int) -> Double {
        1 + log10(Double(max(population, 15_000)) / 15_000)
    }

    private func firstIndex(atLeast latitude: Double) -> Int {
        var low = 0, high = latitudes.count
        while low < high {
            let middle = (low + high) / 2
            if latitudes[middle] < latitude { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
