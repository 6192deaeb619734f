/// What a capture is, as a rule found it: a lead kind (`product`, `recipe`, `event`, `trip`, `book`, `music`,
/// `movie`, `article`, `post`, `place`), its schema.org type, and the fields that made it (a product's `price`,
/// `priceCurrency` and `url`; a trip's `flightNumber`, `departureAirport`, `arrivalAirport`, `departureTime`).
public struct Lead: Sendable, Equatable {
    public var kind: String
    public var type: String
    public var fields: [String: String]

    public init(kind: String, type: String, fields: [String: String]) {
        self.kind = kind
        self.type = type
        self.fields = fields
    }
}
