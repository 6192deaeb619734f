/// The place nearest to a point, and how far the point is from it.
public struct PlaceMatch: Sendable, Equatable {
    public var place: PopulatedPlace
    /// From the point to the place's centre, in kilometres.
    public var kilometres: Double

    public init(place: PopulatedPlace, kilometres: Double) {
        self.place = place
        self.kilometres = kilometres
    }
}
