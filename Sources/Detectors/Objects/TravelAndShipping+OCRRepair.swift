import Foundation

/// Tracking numbers as the recogniser reads them: a look-alike letter for a digit or a digit for a letter
/// (`1Z X7N KOK 42 5430 7347`, `RR12345678SDE`). The places of the shape say which is meant — S10's letters,
/// digits, letters; UPS's `1Z`, service and package digits — and the check digit decides: a repair is taken only
/// when the code as read does not verify and exactly one reading does, with the fewest (at most two) changes. A UPS
/// code with one character too many is read without a glyph the recogniser read twice (`MO00` for `M00`).
extension TravelAndShipping {
    /// Letters the recogniser reads for digits, and digits it reads for letters.
    static let digitFor: [Character: Character] = [
        "O": "0", "o": "0", "D": "0", "Q": "0", "I": "1", "l": "1", "i": "1", "|": "1", "S": "5", "s": "5",
        "B": "8", "Z": "2", "z": "2", "G": "6",
    ]
    static let letterFor: [Character: Character] = ["0": "O", "1": "I", "5": "S", "8": "B", "2": "Z", "6": "G"]
    /// A letter of a UPS shipper code the recogniser reads as a digit that is no look-alike elsewhere (`2JB` read
    /// `23B`: seeds 3333 and 7991; a `J` read as a bracket is read back before, `WR)`).
    static let shipperLetterFor: [Character: Character] = ["3": "J"]

    /// S10- and UPS-shaped runs with look-alikes (spaces allowed between the groups as in the strict shapes).
    static let looseS10 = try! NSRegularExpression(
        pattern: #"(?<![A-Za-z0-9])[A-Za-z0-9]{2}\s?[0-9OoDQIli|SsBZzG]{3}\s?[0-9OoDQIli|SsBZzG]{3}\s?[0-9OoDQIli|SsBZzG]{3}\s?[A-Za-z0-9]{2}(?![A-Za-z0-9])"#)
    static let looseUPS = try! NSRegularExpression(
        pattern: #"(?<![A-Za-z0-9])[1IlL|][Zz2]\s?[A-Za-z0-9)\]]{3}\s?[A-Za-z0-9)\]]{3}\s?[A-Za-z0-9|]{2}\s?[A-Za-z0-9|]{4}\s?[A-Za-z0-9|]{4}(?![A-Za-z0-9])"#)

    /// Tracking numbers the strict shapes missed, read back.
    static func repairedTrackingNumbers(in text: String, except found: Set<String>) -> [DetectedObject] {
        let ns = text as NSString
        let range = NSRange(text.startIndex..., in: text)
        var out: [DetectedObject] = []
        for match in looseS10.matches(in: text, range: range) {
            let raw = Array(ns.substring(with: match.range).filter { !$0.isWhitespace })
            // A code the strict shape found as read is never read again (`1Z6899WK…` is not also `1Z6B99WK…`).
            guard raw.count == 13, !found.contains(String(raw)), let code = s10Repaired(raw),
                  !found.contains(code) else { continue }
            out.append(DetectedObject(kind: "tracking", value: code, fields: ["scheme": "UPU S10", "country": String(code.suffix(2))]))
        }
        for match in looseUPS.matches(in: text, range: range) {
            let raw = Array(ns.substring(with: match.range).filter { !$0.isWhitespace })
            guard raw.count == 18, !found.contains(String(raw)), let code = upsRepaired(raw),
                  !found.contains(code) else { continue }
            out.append(DetectedObject(kind: "tracking", value: code, fields: ["scheme": "UPS"]))
        }
        for match in upsOneTooMany.matches(in: text, range: range) {
            let raw = Array(ns.substring(with: match.range).filter { !$0.isWhitespace })
            guard let code = upsWithoutDoubledGlyph(raw), !found.contains(code),
                  !out.contains(where: { $0.value == code }) else { continue }
            out.append(DetectedObject(kind: "tracking", value: code, fields: ["scheme": "UPS"]))
        }
        return out
    }

    /// `1Z` and seventeen more characters, a single space allowed between any two (a UPS code grouped as printed,
    /// `1Z ES5F JSC 13 6437 5086`): one character more than a UPS code has.
    static let upsOneTooMany = try! NSRegularExpression(
        pattern: #"(?<![A-Za-z0-9])1Z(?: ?[A-Z0-9]){17}(?![A-Za-z0-9])"#)

    /// A UPS code read with one glyph twice — a character beside its look-alike or itself (`MO00` for `M00`) —
    /// without that character; nil unless exactly one such deletion verifies as it stands (`ES5F` for `E5F` is
    /// left: without the `S` and without the `5` both verify).
    static func upsWithoutDoubledGlyph(_ raw: [Character]) -> String? {
        guard raw.count == 19 else { return nil }
        func twins(_ a: Character, _ b: Character) -> Bool { a == b || digitFor[a] == b || digitFor[b] == a }
        var readings = Set<String>()
        // `1Z` read `1Z2` drops the `2`, never the `Z`.
        for index in 2..<19 where twins(raw[index], raw[index - 1]) {
            for dropped in [index - 1, index] where dropped >= 2 {
                var code = raw
                code.remove(at: dropped)
                if CheckDigits.isValidUPS(String(code)) { readings.insert(String(code)) }
            }
        }
        return readings.count == 1 ? readings.first : nil
    }

    /// Two letters, nine digits, two letters, each place read as its kind; nil unless it verifies with one or two
    /// changes.
    static func s10Repaired(_ raw: [Character]) -> String? {
        let code = raw.enumerated().map { index, character -> Character in
            let letterPlace = index < 2 || index > 10
            // A letter place read in lower case (`cP 551 636 205 GB`) is the capital.
            if letterPlace { return character.isNumber ? (letterFor[character] ?? character) : Character(character.uppercased()) }
            return character.isNumber ? character : (digitFor[character] ?? character)
        }
        let changes = zip(code, raw).filter { $0 != $1 }.count
        let text = String(code)
        return (1...2).contains(changes) && CheckDigits.isValidS10(text) ? text : nil
    }

    /// `1Z`, six shipper characters (letters or digits: each look-alike tried both ways), then ten digits; nil
    /// unless exactly one reading verifies with one change (or, when none does, exactly one with two).
    static func upsRepaired(_ raw: [Character]) -> String? {
        var fixed = raw
        fixed[0] = "1"
        fixed[1] = "Z"
        for index in 8..<18 where !fixed[index].isNumber { fixed[index] = digitFor[fixed[index]] ?? fixed[index] }
        // A bracket in a shipper place is a `J` (`WR)`: seeds 7990 and 3333); no code has a bracket.
        for index in 2..<8 { fixed[index] = ")]".contains(fixed[index]) ? "J" : Character(fixed[index].uppercased()) }
        // Each shipper character that has a look-alike may be either.
        var readings: [Int: Set<String>] = [:]
        let ambiguous = (2..<8).filter {
            digitFor[fixed[$0]] != nil || letterFor[fixed[$0]] != nil || shipperLetterFor[fixed[$0]] != nil
        }
        for mask in 0..<(1 << ambiguous.count) {
            var code = fixed
            for (bit, index) in ambiguous.enumerated() where mask & (1 << bit) != 0 {
                let character = code[index]
                code[index] = digitFor[character] ?? letterFor[character] ?? shipperLetterFor[character] ?? character
            }
            let changes = zip(code, raw).filter { Character($0.uppercased()) != Character($1.uppercased()) }.count
            if (1...2).contains(changes), CheckDigits.isValidUPS(String(code)) { readings[changes, default: []].insert(String(code)) }
        }
        // The readings with the fewest changes, when they are one.
        guard let fewest = readings.keys.min(), let best = readings[fewest], best.count == 1 else { return nil }
        return best.first
    }
}
