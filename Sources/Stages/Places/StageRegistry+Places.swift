import Places
import Runner

extension StageRegistry {
    /// Registers `places.geonames` (option `radius`: kilometres within which the nearest populated place names a
    /// capture, default `Gazetteer.defaultRadiusKilometres`, 1...500).
    public mutating func registerPlacesStages() {
        register(PlacesStage.kind) { setup in
            let options = setup.options
            let radius = try options.double("radius", default: Gazetteer.defaultRadiusKilometres)
            guard radius.isFinite, (1...500).contains(radius) else {
                throw options.invalid("radius", "must be a number of kilometres from 1 to 500, found \(radius)")
            }
            return PlacesStage(radius: radius)
        }
    }
}
