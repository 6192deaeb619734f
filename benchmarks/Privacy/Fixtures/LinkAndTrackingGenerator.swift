import Foundation

/// Generates captures showing links (with and without a scheme, paths, queries, sub-domains, hyphens, digits) and
/// tracking numbers (UPU S10 and UPS, grouped or not) in several layouts — a browser's address bar, a chat message, a
/// footer, a share sheet, a shipping notice, a carrier's page — and hard negatives that look close (file names,
/// version numbers, abbreviations with dots, order numbers and S10-shaped codes whose check digit fails). Its own
/// random stream, so the other generators' captures stay the same for a seed.
public enum LinkAndTrackingGenerator {
    static let words = ["shop", "news", "blog", "store", "travel", "cloud", "recipes", "music", "photo", "garden",
                        "city", "maps", "docs", "help", "books", "kino", "wetter", "boutique", "events", "tickets"]
    static let topLevel = ["com", "de", "fr", "org", "io", "net", "co.uk", "nl", "app", "eu"]
    static let pathWords = ["article", "products", "p", "item", "watch", "share", "docs", "en", "de", "post",
                            "2026", "sale", "guide", "recipe", "event", "track", "account", "help", "blog", "story"]

    /// A link as written on screen and its normalised value.
    struct Link {
        var written: String
        var value: String
    }

    public static func captures(seed: UInt64, count: Int, kinds: Set<String> = ["link", "tracking"]) -> [GeneratedCapture] {
        var r = SeededRandom(seed: seed ^ 0x11AC)
        var out: [GeneratedCapture] = []
        for index in 0..<count {
            let linkCaptures = (0..<4).map { linkCapture(&r, index: index, layout: $0) }
            let trackingCaptures = (0..<4).map { trackingCapture(&r, index: index, layout: $0) }
            let negatives = negatives(&r, index: index)
            if kinds.contains("link") { out += linkCaptures + negatives.filter { $0.name.hasPrefix("near-link") } }
            if kinds.contains("tracking") { out += trackingCaptures + negatives.filter { $0.name.hasPrefix("near-tracking") } }
        }
        return out
    }

    static func link(_ r: inout SeededRandom) -> Link {
        let tld = r.pick(topLevel)
        var host = r.pick(words)
        if r.chance(0.3) { host += "-" + r.pick(words) }
        if r.chance(0.2) { host += String(r.int(2...99)) }
        host += "." + tld
        let sub = r.pick(["", "", "www.", "m.", "app.", "shop."])
        var path = ""
        for _ in 0..<r.int(0...3) {
            let word = r.pick(pathWords)
            path += "/" + (r.chance(0.3) ? word + "-" + r.pick(pathWords) : word)
        }
        if r.chance(0.3) { path += "/" + String(r.int(1000...999999)) }
        if r.chance(0.15) {
            let end = r.pick(["/", ".html"])
            path += path.isEmpty ? "/" : end   // a page name needs a path
        }
        var query = ""
        if r.chance(0.2) { query = "?id=" + String(r.int(10...99999)) }
        let scheme = r.pick(["", "", "https://", "http://"])
        let written = scheme + sub + host + path + query
        let value = (scheme == "http://" ? "http://" : "https://") + sub + host + (path.isEmpty ? "/" : path) + query
        return Link(written: written, value: value)
    }

    static func linkCapture(_ r: inout SeededRandom, index: Int, layout: Int) -> GeneratedCapture {
        let link = link(&r)
        let text: String
        switch layout {
        case 0: text = "\(r.int(9...23)):\(String(format: "%02d", r.int(0...59)))  5G  \(r.int(20...99))%\n\(link.written)\n"
            + r.pick(["Sign in", "Top stories", "Menu  Search", "Accept cookies"])                         // address bar
        case 1: text = r.pick(["Ana", "Ben", "Mum", "Team"]) + "\n"
            + r.pick(["Look at this ", "Have you seen ", "Here you go: ", "Tickets are on "]) + link.written
            + "\n" + r.pick(["Thanks!", "Nice", "See you there"])                                             // chat
        case 2: text = r.pick(["Share", "Copy link", "Teilen"]) + "\n" + link.written + "\n"
            + r.pick(["Messages  Mail  Notes", "AirDrop  Copy", "More"])                                      // share sheet
        default: text = r.pick(["Follow us", "More at", "Impressum", "Contact"]) + "\n"
            + r.pick(["Visit ", "Web: ", "", "Website "]) + link.written + "\n© 2026"                           // footer
        }
        return GeneratedCapture(name: "link-\(layout)-\(index)", text: text, objects: ["link " + link.value])
    }

    static func s10(_ r: inout SeededRandom) -> String {
        LeadGenerator.s10(&r, services: ["RR", "LX", "CP", "EE", "RB", "LZ", "CX", "UA"],
                          countries: ["DE", "FR", "GB", "NL", "CN", "US", "CH"])
    }

    static func ups(_ r: inout SeededRandom) -> String {
        let alphabet = Array("ABCDEFGHJKLMNPRSTUVWXY0123456789")
        let shipper = String((0..<6).map { _ in alphabet[r.int(0...(alphabet.count - 1))] })
        let body = "1Z" + shipper + r.pick(["01", "02", "03", "12", "13", "42"]) + r.digits(7)
        var sum = 0
        for (index, character) in body.dropFirst(2).enumerated() {
            let value = character.wholeNumberValue ?? (Int(character.asciiValue!) - 63) % 10
            sum += index % 2 == 1 ? value * 2 : value
        }
        return body + String((10 - sum % 10) % 10)
    }

    /// The code as a carrier's page may group it.
    static func written(_ code: String, _ r: inout SeededRandom) -> String {
        guard r.chance(0.3) else { return code }
        let c = Array(code)
        if code.hasPrefix("1Z") {
            return [c[0..<2], c[2..<5], c[5..<8], c[8..<10], c[10..<14], c[14..<18]].map { String($0) }.joined(separator: " ")
        }
        return [c[0..<2], c[2..<5], c[5..<8], c[8..<11], c[11..<13]].map { String($0) }.joined(separator: " ")
    }

    static func trackingCapture(_ r: inout SeededRandom, index: Int, layout: Int) -> GeneratedCapture {
        let code = r.chance(0.6) ? s10(&r) : ups(&r)
        let shown = written(code, &r)
        let text: String
        switch layout {
        case 0: text = "Your shipment\nTracking " + shown + "\n" + r.pick(["Out for delivery", "In transit", "Delivered"])
        case 1: text = r.pick(["Sendungsverfolgung", "Suivi de colis", "Track your parcel"]) + "\n"
            + r.pick(["Sendungsnummer: ", "Numéro de suivi : ", "Tracking number: ", ""]) + shown
            + "\nEstimated delivery \(r.int(1...28)) " + r.pick(["May", "June", "Oct"])
        case 2: text = "Order #\(r.int(100000...999999)) shipped\nCarrier: " + (code.hasPrefix("1Z") ? "UPS" : r.pick(["DHL", "La Poste", "Royal Mail", "PostNL"]))
            + "\n" + shown + "\nView order"
        default: text = r.pick(["Mom", "Seller", "Support"]) + "\nHere is the tracking: " + shown + "\nThank you!"
        }
        return GeneratedCapture(name: "tracking-\(layout)-\(index)", text: text, objects: ["tracking " + code])
    }

    static func negatives(_ r: inout SeededRandom, index: Int) -> [GeneratedCapture] {
        /// An S10-shaped code whose check digit fails.
        func failing(_ r: inout SeededRandom) -> String {
            var code = Array(s10(&r))
            code[10] = Character(String(((code[10].wholeNumberValue ?? 0) + r.int(1...9)) % 10))
            return String(code)
        }
        let order = failing(&r), reference = failing(&r)
        return [
            GeneratedCapture(name: "near-link-files-\(index)",
                             text: "Downloads\nreport_\(r.int(2020...2026)).pdf  \(r.int(1...9)).\(r.int(1...9)) MB\n"
                                + "IMG_\(r.int(1000...9999)).JPG\nsetup-v\(r.int(1...4)).\(r.int(0...20)).\(r.int(0...9)).dmg"),
            GeneratedCapture(name: "near-link-prose-\(index)",
                             text: "Notes\nBring snacks, e.g. fruit, nuts etc. for the trip.\nVersion \(r.int(1...9)).\(r.int(0...30)).\(r.int(0...9)) is out.\nIt was 3.5 km. See you at 7."),
            GeneratedCapture(name: "near-tracking-order-\(index)",
                             text: "Order confirmed\nOrder number \(order).\nInvoice \(r.int(10000...99999))"),
            GeneratedCapture(name: "near-tracking-check-\(index)",
                             text: "Reference\n" + reference + "\nKeep this for your records"),
        ]
    }
}
