import Foundation

/// Generates captures showing postal addresses (US, UK, German, French) in several layouts — a contact card, a
/// shipping label, a map place, an order confirmation, one line or two — and hard negatives that look close (a
/// street without a postcode, a postcode-like number without a street, a seat and a gate, a step count). Its own
/// random stream, so the other generators' captures stay the same for a seed.
public enum AddressGenerator {
    struct Address {
        var street: String
        var locality: String
        var country: String
        /// The value the detector should give.
        var value: String { "\(street), \(locality)" }
    }

    static let usStreets = ["Main Street", "Oak Avenue", "Market St", "Sunset Blvd", "Elm Drive", "Lakeview Road",
                            "Amphitheatre Parkway", "Pine Lane", "Maple Ct", "Broadway"]
    static let usCities = [("Springfield", "IL"), ("Austin", "TX"), ("Mountain View", "CA"), ("Portland", "OR"),
                           ("New York", "NY"), ("Boston", "MA"), ("Denver", "CO"), ("Seattle", "WA")]
    static let ukStreets = ["High Street", "Station Road", "Church Lane", "Baker Street", "Victoria Road",
                            "Park Avenue", "Mill Close", "Queens Gardens", "Kings Crescent", "Orchard Way"]
    static let ukTowns = ["London", "Manchester", "Bristol", "Leeds", "York", "Oxford", "Cambridge", "Bath"]
    static let deStreets = ["Hauptstraße", "Bahnhofstr.", "Unter den Linden", "Gartenweg", "Marktplatz",
                            "Schillerstraße", "Am Rathaus", "Kastanienallee", "Lindenstraße", "Goethering"]
    static let deCities = ["Berlin", "München", "Hamburg", "Köln", "Leipzig", "Frankfurt am Main", "Dresden"]
    static let frStreets = ["rue de la Paix", "avenue Victor Hugo", "boulevard Saint-Germain", "place de la République",
                            "rue du Faubourg Saint-Honoré", "allée des Tilleuls", "chemin des Vignes", "quai de la Loire"]
    static let frCities = ["Paris", "Lyon", "Marseille", "Toulouse", "Bordeaux", "Nantes", "Lille"]

    public static func captures(seed: UInt64, count: Int) -> [GeneratedCapture] {
        var r = SeededRandom(seed: seed ^ 0xADD7E55)
        var out: [GeneratedCapture] = []
        for index in 0..<count {
            for country in ["US", "GB", "DE", "FR"] {
                out.append(capture(address(&r, country: country), &r, name: "address-\(country.lowercased())-\(index)"))
            }
            out += negatives(&r, index: index)
        }
        return out
    }

    static func address(_ r: inout SeededRandom, country: String) -> Address {
        switch country {
        case "US":
            let (city, state) = r.pick(usCities)
            var street = "\(r.int(1...9999)) " + (r.chance(0.2) ? r.pick(["N ", "S ", "E. ", "W. "]) : "") + r.pick(usStreets)
            if r.chance(0.3) { street += r.pick([" Apt \(r.int(1...40))\(r.pick(["", "B"]))", " Suite \(r.int(100...900))"]) }
            let zip = String(format: "%05d", r.int(1001...99950)) + (r.chance(0.2) ? String(format: "-%04d", r.int(0...9999)) : "")
            return Address(street: street, locality: "\(city), \(state) \(zip)", country: country)
        case "GB":
            let outward = r.pick(["SW1A", "NW1", "M1", "BS8", "LS1", "YO1", "OX1", "CB2", "BA1", "EC1V", "W1D"])
            // The inward code's letters are never C, I, K, M, O or V (Royal Mail's rule).
            let inward = "ABDEFGHJLNPQRSTUWXYZ".map { String($0) }
            let postcode = outward + " " + String(r.int(1...9)) + r.pick(inward) + r.pick(inward)
            var street = "\(r.int(1...250))\(r.chance(0.1) ? "A" : "") \(r.pick(ukStreets))"
            if r.chance(0.2) { street = "Flat \(r.int(1...20)), " + street }
            return Address(street: street, locality: "\(r.pick(ukTowns)) \(postcode)", country: country)
        case "DE":
            let number = "\(r.int(1...180))" + (r.chance(0.15) ? r.pick(["a", "b"]) : "")
            return Address(street: "\(r.pick(deStreets)) \(number)",
                           locality: String(format: "%05d ", r.int(1067...99998)) + r.pick(deCities), country: country)
        default:
            let number = "\(r.int(1...150))" + (r.chance(0.1) ? " bis" : "")
            let city = r.pick(frCities)
            return Address(street: "\(number) \(r.pick(frStreets))",
                           locality: String(format: "%05d ", r.int(1000...95999)) + (r.chance(0.3) ? city.uppercased() : city),
                           country: country)
        }
    }

    static func capture(_ address: Address, _ r: inout SeededRandom, name: String) -> GeneratedCapture {
        let twoLines = "\(address.street)\n\(address.locality)"
        let oneLine = address.value
        let text: String
        switch r.int(0...4) {
        case 0: text = "Jane Doe\n" + twoLines + "\nMobile\nNotes"                                     // contact card
        case 1: text = "SHIPPING LABEL\nShip to:\nAlex Morgan\n" + twoLines + "\nWeight 1.2 kg"       // label
        case 2: text = "Directions\n\(r.pick(["Harbor Bakery", "City Museum", "Blue Door Café"]))\n" + oneLine
            + "\nOpen now · Closes 22:00"                                                           // map place
        case 3: text = "Order confirmed\nDelivery address: " + oneLine + "\nArriving Thursday"     // order
        default: text = "Address\n" + twoLines + "\nCopy  Share"                                    // a note
        }
        return GeneratedCapture(name: name, text: text, objects: ["address " + address.value])
    }

    static func negatives(_ r: inout SeededRandom, index: Int) -> [GeneratedCapture] {
        [
            GeneratedCapture(name: "near-address-seat-\(index)",
                             text: "Row \(r.letters(1)) Seat \(r.int(1...40))\nGate B\(r.int(1...40))\nDoors open 19:30"),
            GeneratedCapture(name: "near-address-steps-\(index)",
                             text: "Activity\n\(r.int(10000...99999)) steps\n\(r.int(2...12)) km walked"),
            GeneratedCapture(name: "near-address-street-\(index)",
                             text: "Meet me at \(r.pick(usStreets)) at 7\n\(r.int(10...99)) people going"),
            GeneratedCapture(name: "near-address-order-\(index)",
                             text: "Order \(r.int(10000...99999)) shipped\nInvoice \(r.int(10000...99999)) Paid\nTotal 34,90 €"),
            GeneratedCapture(name: "near-address-postcode-\(index)",
                             text: "Postcode checker\nEnter a postcode like \(r.pick(["SW1A 2AA", "10117", "75008"]))\nSearch"),
        ]
    }
}
