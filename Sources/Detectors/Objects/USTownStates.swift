import CGeonames
import Foundation

/// The US states a town name belongs to (`Austin` → TX, MN), from the GeoNames cities of at least 15,000 people
/// that Debian's libgeonames carries (the data the Places library and `TownNames` read), with each state's name
/// turned into its postal abbreviation.
///
/// It lets a state the recogniser garbled (`Austin, T™ 78701`) be read back from the letters left and the town
/// before it, and only when both agree on one state (`PostalAddresses.stateReadBack`).
public struct USTownStates: Sendable {
    /// The abbreviations of each folded town name (lower case, no diacritics, spaces collapsed).
    private let states: [String: Set<String>]

    public init<S: Sequence>(towns: S) where S.Element == (name: String, state: String) {
        var states: [String: Set<String>] = [:]
        for town in towns { states[TownNames.folded(town.name), default: []].insert(town.state) }
        self.states = states
    }

    /// The states of the town `name` (any spelling folding to the same name); empty for a town the list lacks.
    public func states(of name: String) -> Set<String> { states[TownNames.folded(name)] ?? [] }

    /// The US towns in libgeonames, read once per process.
    public static let geonames: USTownStates = {
        var towns: [(name: String, state: String)] = []
        let total = Int(pool_geonames_count())
        for index in 0..<total {
            var city = pool_geonames_city()
            guard pool_geonames_city_at(Int32(index), &city) != 0 else { continue }
            defer { pool_geonames_city_release(&city) }
            guard city.country_code.map({ String(cString: $0) }) == "US",
                  let name = city.name.map({ String(cString: $0) }),
                  let state = city.state.map({ String(cString: $0) }).flatMap({ abbreviations[$0] }) else { continue }
            towns.append((name, state))
        }
        return USTownStates(towns: towns)
    }()

    /// Each state's (and district's and territory's) name as GeoNames writes it, and its postal abbreviation.
    static let abbreviations: [String: String] = [
        "Alabama": "AL", "Alaska": "AK", "Arizona": "AZ", "Arkansas": "AR", "California": "CA", "Colorado": "CO",
        "Connecticut": "CT", "Delaware": "DE", "District of Columbia": "DC", "Washington, D.C.": "DC",
        "Florida": "FL", "Georgia": "GA", "Hawaii": "HI", "Idaho": "ID", "Illinois": "IL", "Indiana": "IN",
        "Iowa": "IA", "Kansas": "KS", "Kentucky": "KY", "Louisiana": "LA", "Maine": "ME", "Maryland": "MD",
        "Massachusetts": "MA", "Michigan": "MI", "Minnesota": "MN", "Mississippi": "MS", "Missouri": "MO",
        "Montana": "MT", "Nebraska": "NE", "Nevada": "NV", "New Hampshire": "NH", "New Jersey": "NJ",
        "New Mexico": "NM", "New York": "NY", "North Carolina": "NC", "North Dakota": "ND", "Ohio": "OH",
        "Oklahoma": "OK", "Oregon": "OR", "Pennsylvania": "PA", "Rhode Island": "RI", "South Carolina": "SC",
        "South Dakota": "SD", "Tennessee": "TN", "Texas": "TX", "Utah": "UT", "Vermont": "VT", "Virginia": "VA",
        "Washington": "WA", "West Virginia": "WV", "Wisconsin": "WI", "Wyoming": "WY", "Puerto Rico": "PR",
        "Guam": "GU", "U.S. Virgin Islands": "VI",
    ]
}
