import Foundation

/// Captures taken at one place without a long pause or another place in between: a stay in a town.
public struct Visit: Sendable, Equatable {
    /// The visit's identity: the id of its earliest capture.
    public var id: String
    /// `PopulatedPlace.key` of the place.
    public var placeKey: String
    public var first: Date
    public var last: Date
    /// Capture ids, earliest first.
    public var members: [String]

    public init(id: String, placeKey: String, first: Date, last: Date, members: [String]) {
        self.id = id
        self.placeKey = placeKey
        self.first = first
        self.last = last
        self.members = members
    }
}
