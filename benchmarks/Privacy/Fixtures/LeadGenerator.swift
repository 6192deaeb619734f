import Foundation

/// Generates captures of the ten lead kinds and of none (receipts, chats, settings, notes), with the objects they
/// show, in several layouts and languages.
public enum LeadGenerator {
    static let products = ["Trail Runner 3 shoes", "Noise cancelling headphones", "Cast iron skillet 26 cm", "Linen shirt"]
    static let recipes = ["Lemon drizzle cake", "Vegetable curry", "Banana bread", "Shakshuka"]
    static let events = ["Jazz at the Park", "Tech Summit 2027", "Indie Night Live", "City Marathon"]
    static let books = ["The Quiet Harbor", "A Field Guide to Clouds", "Kafka on the Shore", "Deep Work"]
    static let songs = ["Midnight Drive", "Blue Hour", "Paper Planes", "Golden"]
    static let movies = ["The Long Summer", "Night Train", "Orbit", "The Last Garden"]
    static let places = ["Café Aurora", "Luigi's Trattoria", "Central Library", "Harbor Bakery"]
    static let headlines = ["City council approves new bike lanes", "Scientists map the ocean floor", "Markets rally after rate cut"]

    public static func captures(seed: UInt64, count: Int) -> [GeneratedCapture] {
        var r = SeededRandom(seed: seed ^ 0x5EED)
        var out: [GeneratedCapture] = []
        for index in 0..<count {
            out += make(&r, index: index)
        }
        return out
    }

    static func isbn13(_ r: inout SeededRandom) -> String {
        let body = "978" + r.digits(9)
        let sum = body.enumerated().reduce(0) { $0 + $1.element.wholeNumberValue! * ($1.offset % 2 == 0 ? 1 : 3) }
        return body + String((10 - sum % 10) % 10)
    }

    /// A UPU S10 tracking number (service letters, eight digits, their check digit, country) from the given
    /// service indicators and countries.
    static func s10(_ r: inout SeededRandom, services: [String] = ["RR", "LX", "CP", "EE"],
                    countries: [String] = ["DE", "FR", "GB", "NL"]) -> String {
        let digits = r.digits(8)
        let weights = [8, 6, 4, 2, 3, 5, 9, 7]
        let sum = zip(digits, weights).reduce(0) { $0 + $1.0.wholeNumberValue! * $1.1 }
        var check = 11 - sum % 11
        if check == 10 { check = 0 } else if check == 11 { check = 5 }
        return r.pick(services) + digits + String(check) + r.pick(countries)
    }

    static func make(_ r: inout SeededRandom, index: Int) -> [GeneratedCapture] {
        var out: [GeneratedCapture] = []
        let host = r.pick(["shop.example.com", "www.example.de", "store.example.fr"])
        let slug = "p/\(r.int(100...999))"
        let (price, priceText, currency): (String, String, String) = r.chance(0.5)
            ? { let w = r.int(10...999), c = r.int(0...99); return (String(format: "%d.%02d", w, c), String(format: "$%d.%02d", w, c), "USD") }()
            : { let w = r.int(10...999), c = r.int(0...99); return (String(format: "%d.%02d", w, c), String(format: "%d,%02d €", w, c), "EUR") }()
        let product = r.pick(products)
        out.append(GeneratedCapture(
            name: "product-\(index)",
            text: r.pick(["\(product)\n\(priceText)\nIn stock\nAdd to cart\n\(host)/\(slug)",
                          "\(host)/\(slug)\n\(product)\n★★★★☆ 212 ratings\n\(priceText)\nFree delivery\nAdd to basket",
                          "\(product)\n\(priceText)\nIn den Warenkorb\nLieferung Mittwoch\n\(host)/\(slug)"]),
            lead: "product", objects: ["money \(price) \(currency)", "link https://\(host)/\(slug)"]))
        out.append(GeneratedCapture(
            name: "recipe-\(index)",
            text: "\(r.pick(recipes))\nServes \(r.int(2...6))\nIngredients\n\(r.int(1...3)) tbsp olive oil\n\(r.int(100...400)) g flour\nMethod\nPreheat the oven to 180°C. Stir and bake \(r.int(20...50)) minutes.",
            lead: "recipe"))
        let day = r.int(1...28), month = r.int(1...12)
        let time = String(format: "%02d:%02d", r.int(17...21), r.pick([0, 30]))
        out.append(GeneratedCapture(
            name: "event-\(index)",
            text: "\(r.pick(events))\nTickets\n\(String(format: "%02d.%02d.2027", day, month))  Doors open \(time)\nVenue: Riverside Hall\nRow F Seat 12",
            lead: "event", objects: [String(format: "date 2027-%02d-%02d", month, day), "time \(time)"]))
        let airline = r.pick(["LH", "BA", "AF", "UA"]), number = r.int(100...2999)
        let from = r.pick(["FRA", "LHR", "CDG", "JFK"]), to = r.pick(["SFO", "MUC", "BCN", "YUL"])
        let seat = "\(r.int(1...40))\(r.pick(["A", "C", "F"]))"
        let bcbp = "M1" + "DOE/JANE".padding(toLength: 20, withPad: " ", startingAt: 0) + "E" + r.letters(6) + " " + from + to
            + airline.padding(toLength: 3, withPad: " ", startingAt: 0) + String(format: "%04d ", number) + String(format: "%03d", r.int(1...365))
            + "Y" + String(format: "%03d", Int(seat.dropLast())!) + String(seat.last!) + "0042 100"
        out.append(GeneratedCapture(
            name: "trip-\(index)", text: "BOARDING PASS\nFlight \(airline) \(number)\nGate B\(r.int(1...40))  Seat \(seat)\nBoarding \(time)",
            codes: r.chance(0.6) ? [bcbp] : [], lead: "trip", objects: ["flight \(airline)\(number)", "time \(time)"]))
        let isbn = isbn13(&r)
        out.append(GeneratedCapture(
            name: "book-\(index)", text: "\(r.pick(books))\nby \(r.pick(["Anna Lind", "J. Okafor", "Haruki Murakami"]))\nPaperback · 320 pages\nISBN \(isbn)\nPublisher: North Press",
            lead: "book", objects: ["isbn \(isbn)"]))
        out.append(GeneratedCapture(
            name: "music-\(index)", text: "Now Playing\n\(r.pick(songs))\n\(r.pick(["The Lumens", "Mira", "DJ Kite"]))\nAlbum · 2026 · 12 tracks\nShuffle  Add to playlist",
            lead: "music"))
        out.append(GeneratedCapture(
            name: "movie-\(index)", text: "\(r.pick(movies))\nDirected by \(r.pick(["Ana Ruiz", "Tom Berg"]))\nCast: Lea Hart, Omar Diaz\nRuntime 1h 52m · Rated PG-13\nWatch trailer\nIn cinemas Friday",
            lead: "movie"))
        let articleDate = String(format: "2026-%02d-%02d", r.int(1...12), r.int(1...28))
        out.append(GeneratedCapture(
            name: "article-\(index)", text: "\(r.pick(headlines))\nBy Maria Chen, Reporter\nPublished \(articleDate) · 6 min read\nThe council voted on Tuesday to ...\nShare this article",
            lead: "article", objects: ["date \(articleDate)"]))
        let handle = "@" + r.pick(["janedoe", "techlead", "foodie_ana"])
        out.append(GeneratedCapture(
            name: "post-\(index)", text: "\(handle)\nJust shipped the new release! 🚀\n\(r.int(2...90)) Reposts  \(r.int(100...900)) Likes  \(r.int(2...40)) Replies\nFollow",
            lead: "post"))
        let phone = "+49 30 \(r.int(1000000...9999999))"
        out.append(GeneratedCapture(
            name: "place-\(index)", text: "\(r.pick(places))\n4.6 ★ (1,204 reviews)\nOpen now · Closes 22:00\nDirections  Call  Website\n\(phone)",
            lead: "place", objects: ["phone " + phone.filter { $0 == "+" || $0.isNumber }, "time 22:00"]))
        let tracking = s10(&r)
        out.append(GeneratedCapture(
            name: "none-receipt-\(index)", text: "SUPERMARKT\n2x Milk 1,98 €\nBread 2,49 €\nTotal 4,47 €\nThank you",
            objects: ["money 1.98 EUR", "money 2.49 EUR", "money 4.47 EUR"]))
        out.append(GeneratedCapture(
            name: "none-chat-\(index)", text: "Mom\nAre you coming for dinner on Sunday?\nYes! I'll bring dessert\nWrite to me at ana.b@example.com",
            objects: ["email ana.b@example.com"]))
        out.append(GeneratedCapture(
            name: "none-parcel-\(index)", text: "Your shipment\nTracking \(tracking)\nOut for delivery",
            objects: ["tracking \(tracking)"]))
        out.append(GeneratedCapture(name: "none-settings-\(index)", text: "Settings\nBluetooth On\nBattery 81%\nDisplay & Brightness"))
        return out
    }
}
