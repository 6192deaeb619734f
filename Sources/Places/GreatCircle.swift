import Foundation

/// Distances on the Earth as a sphere of mean radius 6,371 km (within 0.5 % of the ellipsoid: ample for
/// choosing the nearest town).
public enum GreatCircle {
    public static let earthRadiusKilometres = 6371.0088

    /// The great-circle distance in kilometres (haversine: exact for antipodes and across the antimeridian, as
    /// longitudes only enter through their difference's sine).
    public static func kilometres(_ latitudeA: Double, _ longitudeA: Double, _ latitudeB: Double,
                                  _ longitudeB: Double) -> Double {
        let radians = Double.pi / 180
        let phiA = latitudeA * radians, phiB = latitudeB * radians
        let dPhi = phiB - phiA, dLambda = (longitudeB - longitudeA) * radians
        let h = sin(dPhi / 2) * sin(dPhi / 2) + cos(phiA) * cos(phiB) * sin(dLambda / 2) * sin(dLambda / 2)
        return 2 * earthRadiusKilometres * asin(min(1, sqrt(h)))
    }

    /// The degrees of latitude a distance spans along a meridian.
    public static func latitudeDegrees(kilometres: Double) -> Double {
        kilometres / earthRadiusKilometres * 180 / Double.pi
    }
}
