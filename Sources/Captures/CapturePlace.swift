/// The named place a capture was taken in, found offline from its coordinates (the places stage's output).
/// Every field is nil when the capture has no coordinates or no populated place is near them (at sea, in a
/// wilderness).
public struct CapturePlace: Sendable, Equatable {
    public var city: String?
    /// The first-level region (state, province).
    public var region: String?
    public var country: String?
    /// ISO 3166-1 alpha-2.
    public var countryCode: String?
    /// A stable key for the place (visits group by it).
    public var key: String?
    /// From the capture to the place's centre.
    public var kilometres: Double?

    public init(city: String? = nil, region: String? = nil, country: String? = nil, countryCode: String? = nil,
                key: String? = nil, kilometres: Double? = nil) {
        self.city = city
        self.region = region
        self.country = country
        self.countryCode = countryCode
        self.key = key
        self.kilometres = kilometres
    }

    /// No place: no coordinates, or none near them.
    public static let unknown = CapturePlace()
}
