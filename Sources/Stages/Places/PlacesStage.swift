import Captures
import Places
import Runner

/// The `places.geonames` stage: names the city, region and country a capture was taken in, from its GPS
/// coordinates, offline (`Gazetteer.geonames`: the GeoNames cities Debian's libgeonames carries). The nearest
/// populated place within `radius` kilometres; none (`CapturePlace.unknown`) without coordinates or at sea.
///
/// The gazetteer is read on the first capture that has coordinates (GeoNames takes about 0.13 s of CPU), so a
/// library without any never pays for it.
public struct PlacesStage: Stage {
    public typealias Input = DecodedCapture
    public typealias Output = CapturePlace

    public static let kind = "places.geonames"
    private let places: FirstUse<Gazetteer>
    public let radius: Double

    /// The places this stage searches, read on first use.
    public var gazetteer: Gazetteer { places.value }

    public init(gazetteer: @autoclosure @escaping @Sendable () -> Gazetteer = .geonames,
                radius: Double = Gazetteer.defaultRadiusKilometres) {
        places = FirstUse(gazetteer)
        self.radius = radius
    }

    public func process(_ input: DecodedCapture, context: StageContext) async throws -> CapturePlace {
        place(of: input.metadata.location)
    }

    /// The place of a point, or `.unknown`.
    public func place(of point: GeoPoint?) -> CapturePlace {
        guard let point, let match = gazetteer.nearest(latitude: point.latitude, longitude: point.longitude,
                                                       within: radius) else { return .unknown }
        let place = match.place
        return CapturePlace(city: place.city, region: place.region.isEmpty ? nil : place.region,
                            country: place.country, countryCode: place.countryCode, key: place.key,
                            kilometres: match.kilometres)
    }
}
