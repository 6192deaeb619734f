/// Check digits of tracking numbers and ISBNs.
public enum CheckDigits {
    /// UPU S10 (`RR123456785DE`): two letters, eight digits, a mod-11 check digit (weights 8 6 4 2 3 5 9 7), a
    /// two-letter country.
    public static func isValidS10(_ code: String) -> Bool {
        let characters = Array(code)
        guard characters.count == 13, characters[0].isLetter, characters[1].isLetter, characters[11].isLetter,
              characters[12].isLetter, characters.allSatisfy(\.isASCII) else { return false }
        let digits = characters[2...10].compactMap(\.wholeNumberValue)
        guard digits.count == 9 else { return false }
        let weights = [8, 6, 4, 2, 3, 5, 9, 7]
        let sum = zip(digits.prefix(8), weights).reduce(0) { $0 + $1.0 * $1.1 }
        var check = 11 - sum % 11
        if check == 10 { check = 0 } else if check == 11 { check = 5 }
        return check == digits[8]
    }

    /// UPS (`1Z` + 6 shipper characters + 2 service digits + 7 package digits + a check digit): letters count as
    /// (value - 3) mod 10 with A = 10 ... ; odd positions once, even positions twice; mod 10.
    public static func isValidUPS(_ code: String) -> Bool {
        let characters = Array(code.uppercased())
        guard characters.count == 18, characters[0] == "1", characters[1] == "Z" else { return false }
        var sum = 0
        for (index, character) in characters[2..<17].enumerated() {
            let value: Int
            if let digit = character.wholeNumberValue { value = digit }
            else if let ascii = character.asciiValue, ascii >= 65, ascii <= 90 { value = (Int(ascii) - 63) % 10 }
            else { return false }
            sum += index % 2 == 1 ? value * 2 : value
        }
        let check = (10 - sum % 10) % 10
        return characters[17].wholeNumberValue == check
    }

    /// ISBN-10 (mod 11, `X` for 10) or ISBN-13 (EAN, prefix 978/979).
    public static func isValidISBN(_ isbn: String) -> Bool {
        let characters = Array(isbn.uppercased().filter { $0.isNumber || $0 == "X" })
        if characters.count == 10 {
            var sum = 0
            for (index, character) in characters.enumerated() {
                guard let value = character == "X" && index == 9 ? 10 : character.wholeNumberValue else { return false }
                sum += value * (10 - index)
            }
            return sum % 11 == 0
        }
        guard characters.count == 13, let digits = Optional(characters.compactMap(\.wholeNumberValue)),
              digits.count == 13, characters.starts(with: ["9", "7"]) && (characters[2] == "8" || characters[2] == "9")
        else { return false }
        let sum = digits.enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
        return sum % 10 == 0
    }
}
