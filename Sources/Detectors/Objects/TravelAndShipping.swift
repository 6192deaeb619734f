import Foundation

/// Flight numbers, booking references, IATA boarding-pass barcodes (BCBP), tracking numbers and ISBNs.
public enum TravelAndShipping {
    static let flight = try! NSRegularExpression(pattern: #"\b([A-Z][A-Z0-9]|[A-Z0-9][A-Z])\s?(\d{1,4})\b"#)
    /// Airline designators recognised without the word "flight" next to them.
    static let airlines: Set<String> = ["LH", "BA", "AF", "KL", "UA", "AA", "DL", "LX", "OS", "SN", "IB", "AZ",
                                        "EK", "QR", "TK", "SQ", "CX", "NH", "JL", "QF", "AC", "FR", "U2", "EW",
                                        "VY", "SK", "AY", "TP", "EI", "LO", "WN", "B6", "AS", "NZ", "EY", "W6"]
    static let booking = try! NSRegularExpression(
        pattern: #"(?i)(?:booking (?:reference|code|ref)|confirmation (?:code|number)|record locator|pnr|buchungscode|référence)\s*[:#]?\s*([A-Z0-9]{6})\b"#)
    static let s10 = try! NSRegularExpression(pattern: #"\b[A-Z]{2}\s?\d{3}\s?\d{3}\s?\d{3}\s?[A-Z]{2}\b"#)
    static let ups = try! NSRegularExpression(pattern: #"\b1Z\s?[A-Z0-9]{3}\s?[A-Z0-9]{3}\s?[A-Z0-9]{2}\s?[A-Z0-9]{4}\s?[A-Z0-9]{4}\b"#)
    static let isbn = try! NSRegularExpression(pattern: #"(?i)\b(?:ISBN(?:-1[03])?:?\s*)?((?:97[89][ -]?)?\d{1,5}[ -]?\d{1,7}[ -]?\d{1,7}[ -]?[\dX])\b"#)

    /// Flight numbers: a known airline's designator, or any designator after "flight"/"Flug"/"vol".
    public static func flights(in text: String) -> [DetectedObject] {
        let ns = text as NSString
        var seen = Set<String>()
        return flight.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            let airline = ns.substring(with: match.range(at: 1))
            let number = ns.substring(with: match.range(at: 2))
            let before = ns.substring(to: match.range.location).suffix(12).lowercased()
            guard airlines.contains(airline) || before.contains("flight") || before.contains("flug") || before.contains("vol ")
            else { return nil }
            let value = airline + String(Int(number)!)
            guard seen.insert(value).inserted else { return nil }
            return DetectedObject(kind: "flight", value: value, fields: ["airline": airline, "number": String(Int(number)!)])
        }
    }

    public static func bookingReferences(in text: String) -> [DetectedObject] {
        let ns = text as NSString
        return booking.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            DetectedObject(kind: "bookingReference", value: ns.substring(with: $0.range(at: 1)).uppercased())
        }
    }

    /// Tracking numbers whose check digit verifies (UPU S10, UPS), as written or with the recogniser's look-alikes
    /// read back (`TravelAndShipping+OCRRepair`).
    public static func trackingNumbers(in text: String) -> [DetectedObject] {
        let ns = text as NSString
        let range = NSRange(text.startIndex..., in: text)
        var found: [DetectedObject] = []
        for match in s10.matches(in: text, range: range) {
            let code = ns.substring(with: match.range).filter { !$0.isWhitespace }
            if CheckDigits.isValidS10(code) {
                found.append(DetectedObject(kind: "tracking", value: code, fields: ["scheme": "UPU S10", "country": String(code.suffix(2))]))
            }
        }
        for match in ups.matches(in: text, range: range) {
            let code = ns.substring(with: match.range).filter { !$0.isWhitespace }
            if CheckDigits.isValidUPS(code) { found.append(DetectedObject(kind: "tracking", value: code, fields: ["scheme": "UPS"])) }
        }
        return found + repairedTrackingNumbers(in: text, except: Set(found.map(\.value)))
    }

    /// ISBNs whose checksum verifies, as 13 digits or 10 characters.
    public static func isbns(in text: String) -> [DetectedObject] {
        let ns = text as NSString
        var seen = Set<String>()
        return isbn.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            let whole = ns.substring(with: match.range)
            let value = ns.substring(with: match.range(at: 1)).filter { $0.isNumber || $0 == "X" || $0 == "x" }.uppercased()
            guard value.count == 13 || (value.count == 10 && whole.uppercased().contains("ISBN")),
                  CheckDigits.isValidISBN(value), seen.insert(value).inserted else { return nil }
            return DetectedObject(kind: "isbn", value: value)
        }
    }

    /// An IATA BCBP (Resolution 792) payload's mandatory fields: passenger, booking reference, airports, carrier,
    /// flight, date (day of the year), cabin, seat, sequence.
    public static func boardingPass(_ payload: String) -> DetectedObject? {
        let characters = Array(payload)
        guard characters.count >= 60, characters[0] == "M", let legs = characters[1].wholeNumberValue, legs >= 1
        else { return nil }
        func field(_ from: Int, _ length: Int) -> String {
            String(characters[from..<(from + length)]).trimmingCharacters(in: .whitespaces)
        }
        let from = field(30, 3), to = field(33, 3), carrier = field(36, 3)
        let flightNumber = field(39, 5).drop { $0 == "0" }
        guard from.count == 3, to.count == 3, from.allSatisfy(\.isLetter), to.allSatisfy(\.isLetter),
              let day = Int(field(44, 3)), (1...366).contains(day) else { return nil }
        let fields = ["passenger": field(2, 20), "bookingReference": field(23, 7), "from": from, "to": to,
                      "carrier": carrier, "flight": carrier + flightNumber, "dayOfYear": String(day),
                      "cabin": field(47, 1), "seat": field(48, 4).drop { $0 == "0" }.description,
                      "sequence": field(52, 5)]
        return DetectedObject(kind: "boardingPass", value: carrier + flightNumber + " " + from + "-" + to, fields: fields)
    }
}
