/// A populated place from GeoNames: a city or town, its first-level region (state, province) and its country.
public struct PopulatedPlace: Sendable, Equatable, Hashable {
    /// GeoNames' name of the place ("Paris").
    public var city: String
    /// The first-level administrative region ("Île-de-France"); empty when GeoNames has none.
    public var region: String
    /// The country's English name ("France").
    public var country: String
    /// ISO 3166-1 alpha-2 ("FR").
    public var countryCode: String
    public var latitude: Double
    public var longitude: Double
    public var population: Int

    public init(city: String, region: String, country: String, countryCode: String, latitude: Double,
                longitude: Double, population: Int) {
        self.city = city
        self.region = region
        self.country = country
        self.countryCode = countryCode
        self.latitude = latitude
        self.longitude = longitude
        self.population = population
    }

    /// A stable key for the place: country code, region, city and the rounded coordinates (two towns of one
    /// name in one region stay apart).
    public var key: String {
        "\(countryCode)/\(region)/\(city)@\((latitude * 100).rounded() / 100),\((longitude * 100).rounded() / 100)"
    }
}
