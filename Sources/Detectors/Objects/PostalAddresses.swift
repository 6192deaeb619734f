import Foundation

/// Postal addresses: a street line and a postcode line, one after the other or on one line separated by a comma,
/// in the shapes of the United States (`1600 Amphitheatre Parkway` / `Mountain View, CA 94043`), the United Kingdom
/// (`10 Downing Street` / `London SW1A 2AA`), Germany (`Unter den Linden 77` / `10117 Berlin`) and France
/// (`55 Rue du Faubourg Saint-Honoré` / `75008 Paris`). Both halves must have their country's shape: a postcode
/// alone (a step count, an order number) or a street alone is no address.
///
/// The value is the address on one line, `street, locality` as written (spaces collapsed, a UK postcode upper case
/// with one space); fields: `streetAddress`, `postalCode`, `addressLocality`, `addressRegion` (a US state) and
/// `addressCountry` (ISO 3166 code), as schema.org's PostalAddress names them.
public enum PostalAddresses {
    static let states: Set<String> = [
        "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY",
        "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH",
        "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY", "PR", "GU", "VI",
    ]
    static let usSuffixes = "Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Drive|Dr|Lane|Ln|Way|Parkway|Pkwy|Court|Ct|"
        + "Place|Pl|Terrace|Ter|Highway|Hwy|Circle|Cir|Square|Sq|Trail|Trl|Plaza|Loop|Alley|Broadway|Row|Pike"
    static let ukSuffixes = "Street|St|Road|Rd|Lane|Avenue|Close|Gardens|Square|Crescent|Place|Way|Hill|Row|Mews|"
        + "Terrace|Drive|Court|Grove|Park|Walk|Green|Parade|Rise|View|Yard|Wharf|Broadway"
    static let letter = "A-Za-zÀ-ÖØ-öø-ÿ"

    static let usStreet = regex(
        #"^\d{1,6}[A-Z]?\s+(?:[NSEW]\.?\s+)?[\#(letter)0-9.' -]*?\b(?:\#(usSuffixes))\.?"#
            + #"(?:\s+[NSEW]{1,2})?(?:,?\s+(?:Apt|Suite|Ste|Unit|Fl|Floor|#)\.?\s*#?[A-Za-z0-9-]+)?$"#)
    static let usLocality = regex(#"^([\#(letter)][\#(letter).' -]*?),?\s+([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$"#)
    static let ukStreet = regex(
        #"^(?:(?:Flat|Apartment|Unit)\s+\d+[A-Z]?,?\s+)?\d{1,4}[A-Za-z]?\s+[\#(letter)][\#(letter)' -]*?\b(?:\#(ukSuffixes))$"#)
    /// A UK postcode line; an outward code ending in a letter has one Royal Mail uses there (`W1D`, `SW1A`; never
    /// `L`, so `NW1L` is no postcode as read).
    static let ukLocality = regex(#"^([\#(letter)][\#(letter).' -]*?),?\s+([A-Z]\d[A-HJKPSTUW\d]?|[A-Z]{2}\d[ABEHMNPRVWXY\d]?)"#
        + #"\s?(\d[A-Z]{2})$"#)
    static let deStreet = regex(
        #"^[\#(letter)][\#(letter)ß.' -]*?[\#(letter).]\s+\d{1,4}\s?[a-zA-Z]?(?:\s?[-/]\s?\d{1,4}[a-z]?)?$"#)
    static let frStreet = regex(
        #"^\d{1,4}(?:\s?(?:bis|ter|[A-D]))?,?\s+(?i:rue|avenue|av\.|boulevard|bd|place|allée|allee|chemin|impasse|"#
            + #"quai|route|cours|square|passage|rond-point|faubourg|promenade)\s[\#(letter)0-9.' -]+$"#)
    /// A German or French postcode line: five digits and a locality (French `CEDEX` and its number allowed).
    static let fiveDigitLocality = regex(#"^(\d{5})\s+([\#(letter)][\#(letter).' -]*?[\#(letter)](?:\s+CEDEX(?:\s+\d{1,2})?)?)$"#)
    /// Words before an address that are not part of it.
    static let label = regex(#"^(?i:address|adresse|anschrift|ship to|deliver to|delivery address|shipping address|"#
        + #"lieferadresse|rechnungsadresse|adresse de livraison|location|venue|where|ort|lieu)\s*:\s*"#)

    static func regex(_ pattern: String) -> NSRegularExpression { try! NSRegularExpression(pattern: pattern) }

    /// The addresses in `text`, in reading order.
    public static func addresses(in text: String) -> [DetectedObject] {
        let lines = text.split(whereSeparator: \.isNewline).map(clean)
        var found: [DetectedObject] = []
        var index = 0
        while index < lines.count {
            // A street line followed by a locality line.
            if index + 1 < lines.count, let address = address(street: lines[index], locality: lines[index + 1]) {
                found.append(address)
                index += 2
                continue
            }
            // Both on one line, split at a comma.
            if let address = oneLine(lines[index]) {
                found.append(address)
                index += 1
                continue
            }
            // A locality line the screen wrapped after its town (`Denver,` / `CO 80202`).
            if index + 2 < lines.count,
               let address = address(street: lines[index], locality: lines[index + 1] + " " + lines[index + 2]) {
                found.append(address)
                index += 3
                continue
            }
            // A German street whose house number the screen wrapped onto the next line.
            if let (address, used) = houseNumberWrapped(lines, at: index) {
                found.append(address)
                index += used
                continue
            }
            // One line the screen wrapped (`…, Seattle, WA` / `62180`): a line with a comma whose end, joined with
            // a next line that holds no address of its own, completes one.
            if index + 1 < lines.count, lines[index].contains(","), !lines[index + 1].contains(","),
               let address = oneLine(lines[index] + " " + lines[index + 1]) {
                found.append(address)
                index += 2
                continue
            }
            index += 1
        }
        return found
    }

    /// A line with spaces collapsed and a leading label removed.
    static func clean<S: StringProtocol>(_ line: S) -> String {
        let collapsed = line.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let range = NSRange(collapsed.startIndex..., in: collapsed)
        return label.stringByReplacingMatches(in: collapsed, range: range, withTemplate: "")
    }

    static func oneLine(_ line: String) -> DetectedObject? {
        var start = line.startIndex
        while let comma = line[start...].firstIndex(of: ",") {
            let street = line[..<comma].trimmingCharacters(in: .whitespaces)
            let locality = line[line.index(after: comma)...].trimmingCharacters(in: .whitespaces)
            if let address = address(street: street, locality: locality) { return address }
            start = line.index(after: comma)
        }
        return nil
    }

    static func groups(_ pattern: NSRegularExpression, _ text: String) -> [String]? {
        guard let match = pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        return (0..<match.numberOfRanges).map { index in
            Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
        }
    }

    static func matches(_ pattern: NSRegularExpression, _ text: String) -> Bool { groups(pattern, text) != nil }

    /// The address made of `street` and `locality` as read, when they have one country's shapes (a German one with
    /// its umlauts read back, see `umlautsRead`; a German or French town read without its diacritics spelt as the
    /// country does, see `TownNames`).
    static func addressAsRead(street: String, locality: String) -> DetectedObject? {
        let street = houseNumberJoined(street.trimmingCharacters(in: CharacterSet(charactersIn: " ,")))
        if let parts = groups(usLocality, locality), states.contains(parts[2]), matches(usStreet, street) {
            let street = directionalOnce(street)
            let city = parts[1].trimmingCharacters(in: .whitespaces)
            return make(street: street, locality: "\(city), \(parts[2]) \(parts[3])", postcode: parts[3], city: city,
                        region: parts[2], country: "US")
        }
        if let parts = groups(ukLocality, locality), matches(ukStreet, street) {
            let city = parts[1].trimmingCharacters(in: .whitespaces)
            let postcode = parts[2] + " " + parts[3]
            return make(street: street, locality: "\(city) \(postcode)", postcode: postcode, city: city, country: "GB")
        }
        if let parts = groups(fiveDigitLocality, locality) {
            let country: String
            var street = street
            if matches(frStreet, street) {
                country = "FR"
                street = streetTypeAccented(street)
                street = FrenchWords.installed?.accentsRead(street) ?? street
            } else if case let german = readingStrasse(street), matches(deStreet, german), !german.first!.isNumber {
                country = "DE"
                street = umlautsRead(abbreviationDotted(german))
            } else {
                return nil
            }
            let asRead = country == "DE" ? umlautsRead(parts[2]) : parts[2]
            let city = TownNames.germanyAndFrance[country]?.spelling(of: asRead)
                ?? (country == "DE" ? germanTownWithUmlaut(asRead) : nil) ?? asRead
            return make(street: street, locality: "\(parts[1]) \(city)", postcode: parts[1], city: city,
                        country: country)
        }
        return nil
    }

    /// `…straße` as the recogniser reads its `ß` (`Schillerstrake`, `LindenstraRe`, `Hauptstra&e`, `straRBe`): one
    /// character (or two) between `stra` and a final `e` that cannot be German there is read back as `ß` (`strasse`
    /// is left as written).
    static func readingStrasse(_ street: String) -> String {
        let range = NSRange(street.startIndex..., in: street)
        return misreadStrasse.stringByReplacingMatches(in: street, range: range, withTemplate: "$1ße")
    }

    /// One character for `ß`, or two when the first is not a lower-case letter (`straRBe`; `Strande` is a word),
    /// is the `f` of a `ß` read in two halves (`strafge`, `straf3e`, `strafBe`, `straf&e`: no German word has
    /// `straf` before one of them and a final `e`), the pair `gk` or `kg` (`Schillerstragke`, `Schillerstrakge`:
    /// seeds 8687 and 7979; no German word has either before a final `e`), or the second is a sign no word has
    /// (`strag&e`), or none (`Hauptstrae`: no German word ends in `strae`).
    static let misreadStrasse = regex(#"([Ss]tra)(?:[^ßs\s\d]|[A-Z&§$%][A-Za-z&§$%]|f[gB3]|gk|kg|[a-z][&§$%]|)e\b"#)

    static func make(street: String, locality: String, postcode: String, city: String, region: String? = nil,
                     country: String) -> DetectedObject {
        var fields = ["streetAddress": street, "postalCode": postcode, "addressLocality": city, "addressCountry": country]
        if let region { fields["addressRegion"] = region }
        return DetectedObject(kind: "address", value: "\(street), \(locality)", fields: fields)
    }
}
