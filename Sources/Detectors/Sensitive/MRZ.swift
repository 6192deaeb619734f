/// ICAO 9303 machine-readable zones: the check digit, the three formats (TD1 ID cards, TD2, TD3 passports; MRV-A
/// and MRV-B visas share TD3's and TD2's second line), and the repair of the usual OCR swaps before checking.
public enum MRZ {
    /// A zone's layout.
    public enum Format: String, Sendable, Equatable {
        case td1 = "TD1"
        case td2 = "TD2"
        case td3 = "TD3"
        case visaA = "MRV-A"
        case visaB = "MRV-B"
    }

    /// A zone that passed every check digit it has.
    public struct Zone: Sendable, Equatable {
        public var format: Format
        /// The number of check digits verified.
        public var checks: Int
        /// Whether characters had to be repaired (O/0, I/1, B/8, S/5, Z/2) for the checks to pass.
        public var repaired: Bool
        /// Whether only the document number, birth and expiry digits verified (the personal number or the
        /// composite misread beyond repair): three check digits, still a zone beyond chance.
        public var partial: Bool = false
    }

    /// The ICAO 9303 check digit of `field`: weights 7, 3, 1; digits their value, A-Z 10-35, `<` 0.
    public static func checkDigit(_ field: some Sequence<Character>) -> Int? {
        let weights = [7, 3, 1]
        var sum = 0
        for (index, character) in field.enumerated() {
            guard let value = value(of: character) else { return nil }
            sum += value * weights[index % 3]
        }
        return sum % 10
    }

    static func value(of character: Character) -> Int? {
        if character == "<" { return 0 }
        if let digit = character.wholeNumberValue, character.isASCII { return digit }
        guard let ascii = character.asciiValue, ascii >= 65, ascii <= 90 else { return nil }
        return Int(ascii) - 55
    }

    /// Letters OCR reads for digits, and back.
    static let toDigit: [Character: Character] = ["O": "0", "Q": "0", "D": "0", "I": "1", "L": "1", "B": "8",
                                                   "S": "5", "Z": "2", "G": "6"]
    static let toLetter: [Character: Character] = ["0": "O", "1": "I", "8": "B", "5": "S", "2": "Z", "6": "G"]

    /// A line as OCR gives it, made into MRZ characters: spaces dropped, `«` and lookalikes read as `<`, upper case.
    /// In a line that has fillers (`<<`), the lower-case letters OCR reads for a filler (`c`, `k`, `x`) are fillers
    /// too (a zone has no lower case), `$` is an `S`, and stray marks (`§`, `.`) are dropped.
    public static func normalise(_ line: String) -> String {
        let hasFillers = line.contains("<<") || line.contains("«")
        var out = ""
        for character in line {
            switch character {
            case " ", "\t": continue
            case "«": out += "<<"
            case "‹", "(", "[", "{": out.append("<")
            case "$" where hasFillers: out.append("S")      // a zone has no `$`: Tesseract's reading of an `S`
            case "c" where hasFillers, "e" where hasFillers, "k" where hasFillers, "x" where hasFillers:
                out.append("<")
            default:
                if character.isLetter || character.isNumber || character == "<" {
                    out += String(character).uppercased()
                } else if !hasFillers {
                    out.append(character)
                }
            }
        }
        return out
    }

    /// `line` brought to `length` by growing or shrinking its longest run of fillers, when it is at most `slack`
    /// off (OCR loses or doubles a `<` in a long run); nil when it cannot be.
    static func fitted(_ line: String, to length: Int, slack: Int = 2) -> String? {
        let difference = length - line.count
        guard difference != 0 else { return line }
        guard abs(difference) <= slack else { return nil }
        let characters = Array(line)
        var best: (start: Int, count: Int) = (0, 0)
        var index = 0
        while index < characters.count {
            guard characters[index] == "<" else { index += 1; continue }
            let start = index
            while index < characters.count, characters[index] == "<" { index += 1 }
            if index - start > best.count { best = (start, index - start) }
        }
        guard best.count >= 3, best.count > -difference else { return nil }
        var out = characters
        if difference > 0 {
            out.insert(contentsOf: Array(repeating: Character("<"), count: difference), at: best.start)
        } else {
            out.removeSubrange(best.start..<(best.start - difference))
        }
        return String(out)
    }

    /// Whether a normalised line can be a zone line (only A-Z, 0-9 and `<`, with at least one `<`).
    static func isZoneLine(_ line: String) -> Bool {
        line.contains("<") && line.allSatisfy { $0 == "<" || ($0.isASCII && ($0.isUppercase || $0.isNumber)) }
    }

    /// The zone in `lines` (any text lines; the zone's lines are found among them), or nil.
    public static func find(in lines: [String]) -> Zone? {
        let candidates = joiningWrappedFillers(lines.map(normalise)).map { line -> String in
            // The document code is a letter: a 1 or 0 read there is an I or O.
            guard let first = line.first, let letter = toLetter[first] else { return line }
            return String(letter) + line.dropFirst()
        }
        for (index, line) in candidates.enumerated() where isZoneLine(line) {
            let next = index + 1 < candidates.count ? candidates[index + 1] : nil
            let third = index + 2 < candidates.count ? candidates[index + 2] : nil
            // Only the first line's document code is read in TD2 and TD3: its filler run may be further off.
            // A TD1 zone's third line (the name) has no check digit: its fillers may be further off.
            if let one = fitted(line, to: 30), let next = next.flatMap({ fitted($0, to: 30) }),
               let third = third.flatMap({ fitted($0, to: 30, slack: 8) }), let zone = checkTD1(one, next, third) {
                return zone
            }
            if let one = fitted(line, to: 44, slack: 8), let next = next.flatMap({ fitted($0, to: 44) }),
               let zone = checkLong(first: one, second: next) { return zone }
            if let one = fitted(line, to: 36, slack: 8), let next = next.flatMap({ fitted($0, to: 36) }),
               let zone = checkShort(first: one, second: next) { return zone }
            if let next, isZoneLine(next), let zone = findDroppingOne(first: line, second: next, third: third) {
                return zone
            }
        }
        return nil
    }

    /// A field that must be digits: repaired letter by letter.
    static func digits(_ field: Substring) -> (String, Bool) {
        var repaired = false
        let out = String(field.map { character -> Character in
            if let digit = toDigit[character] { repaired = true; return digit }
            return character
        })
        return (out, repaired)
    }

    /// Checks `field` against `check` after repairing the check digit; an alphanumeric field (a document number)
    /// tries the ambiguous characters both ways (at most 2^6 variants).
    /// A field checked against its check digit: whether it passes, whether look-alikes were repaired, its value.
    typealias Verified = (ok: Bool, repaired: Bool, value: String)

    static func verify(_ field: Substring, check: Character, numeric: Bool) -> Verified? {
        let (checkFixed, checkRepaired) = digits(Substring(String(check)))
        guard let expected = checkFixed.first?.wholeNumberValue else { return nil }
        if numeric {
            let (fixed, repaired) = digits(field)
            return (checkDigit(fixed) == expected, repaired || checkRepaired, fixed)
        }
        if checkDigit(field) == expected { return (true, checkRepaired, String(field)) }
        let characters = Array(field)
        let ambiguous = characters.indices.filter { toDigit[characters[$0]] != nil || toLetter[characters[$0]] != nil }
        // More than six look-alikes (`S19121846`, `LBO108522`): the variants with the fewest swaps, up to three.
        let masks = ambiguous.count <= 6 ? Array(1..<(1 << ambiguous.count))
            : fewSwapMasks(bits: ambiguous.count, upTo: 3)
        for mask in masks {
            var variant = characters
            for (bit, position) in ambiguous.enumerated() where mask & (1 << bit) != 0 {
                let character = variant[position]
                variant[position] = toDigit[character] ?? toLetter[character] ?? character
            }
            if checkDigit(variant) == expected { return (true, true, String(variant)) }
        }
        return (false, false, String(field))
    }

    /// The fields every two-line zone has at the same places of its second line: document number, birth and
    /// expiry dates, each verified by its check digit (with look-alike repair); nil when one fails.
    private static func coreFields(_ second: String)
        -> (line: [Character], text: String, number: Verified, birth: Verified, expiry: Verified)? {
        let line = Array(second)
        let text = String(line)
        func field(_ from: Int, _ to: Int) -> Substring { text.dropFirst(from).prefix(to - from) }
        guard let number = verify(field(0, 9), check: line[9], numeric: false), number.ok,
              let birth = verify(field(13, 19), check: line[19], numeric: true), birth.ok,
              let expiry = verify(field(21, 27), check: line[27], numeric: true), expiry.ok else { return nil }
        return (line, text, number, birth, expiry)
    }

    /// TD3 (passport) and MRV-A (visa): two lines of 44.
    static func checkLong(first: String, second: String) -> Zone? {
        guard let kind = first.first, "PVACI".contains(kind), let core = coreFields(second) else { return nil }
        let (line, number, birth, expiry) = (core.line, core.number, core.birth, core.expiry)
        func field(_ from: Int, _ to: Int) -> Substring { core.text.dropFirst(from).prefix(to - from) }
        var repaired = number.repaired || birth.repaired || expiry.repaired
        if kind == "V" { return Zone(format: .visaA, checks: 3, repaired: repaired) }
        var personal = String(field(28, 42))
        var checks = 3
        if line[42] != "<" || personal.contains(where: { $0 != "<" }) {
            guard let result = verify(Substring(personal), check: line[42], numeric: false), result.ok else {
                return Zone(format: .td3, checks: 3, repaired: repaired, partial: true)
            }
            checks += 1
            repaired = repaired || result.repaired
            personal = result.value
        }
        let composite = number.value + String(line[9]) + birth.value + String(line[19]) + expiry.value
            + String(line[27]) + personal + String(line[42])
        guard let compositeCheck = verify(Substring(composite), check: line[43], numeric: false), compositeCheck.ok
        else { return Zone(format: .td3, checks: checks, repaired: repaired, partial: true) }
        return Zone(format: .td3, checks: checks + 1, repaired: repaired || compositeCheck.repaired)
    }

    /// TD2 and MRV-B: two lines of 36.
    static func checkShort(first: String, second: String) -> Zone? {
        guard let kind = first.first, "PVACI".contains(kind), let core = coreFields(second) else { return nil }
        let (line, number, birth, expiry) = (core.line, core.number, core.birth, core.expiry)
        func field(_ from: Int, _ to: Int) -> Substring { core.text.dropFirst(from).prefix(to - from) }
        let repaired = number.repaired || birth.repaired || expiry.repaired
        if kind == "V" { return Zone(format: .visaB, checks: 3, repaired: repaired) }
        let composite = number.value + String(line[9]) + birth.value + String(line[19]) + expiry.value
            + String(line[27]) + String(field(28, 35))
        guard let compositeCheck = verify(Substring(composite), check: line[35], numeric: false), compositeCheck.ok
        else { return Zone(format: .td2, checks: 3, repaired: repaired, partial: true) }
        return Zone(format: .td2, checks: 4, repaired: repaired || compositeCheck.repaired)
    }

    /// TD1 (ID cards): three lines of 30.
    static func checkTD1(_ first: String, _ second: String, _ third: String) -> Zone? {
        guard let kind = first.first, "IACP".contains(kind) else { return nil }
        let one = Array(first), two = Array(second)
        func field(_ text: String, _ from: Int, _ to: Int) -> Substring { text.dropFirst(from).prefix(to - from) }
        guard let number = verify(field(first, 5, 14), check: one[14], numeric: false), number.ok,
              let birth = verify(field(second, 0, 6), check: two[6], numeric: true), birth.ok,
              let expiry = verify(field(second, 8, 14), check: two[14], numeric: true), expiry.ok else { return nil }
        let composite = number.value + String(one[14...29])
            + birth.value + String(two[6]) + expiry.value + String(two[14]) + String(two[18...28])
        guard let compositeCheck = verify(Substring(composite), check: two[29], numeric: false), compositeCheck.ok else {
            return Zone(format: .td1, checks: 3, repaired: number.repaired || birth.repaired || expiry.repaired,
                        partial: true)
        }
        return Zone(format: .td1, checks: 4,
                    repaired: number.repaired || birth.repaired || expiry.repaired || compositeCheck.repaired)
    }
}
