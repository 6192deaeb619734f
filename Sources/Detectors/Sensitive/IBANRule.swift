import Foundation

/// Bank accounts: an IBAN of its country's length that passes ISO 13616 mod-97.
public enum IBANRule {
    public static let id = "card.iban"

    /// IBAN lengths by country (SEPA and a few others).
    static let lengths: [String: Int] = [
        "AD": 24, "AE": 23, "AT": 20, "BE": 16, "BG": 22, "CH": 21, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "EE": 20,
        "ES": 24, "FI": 18, "FR": 27, "GB": 22, "GR": 27, "HR": 21, "HU": 28, "IE": 22, "IS": 26, "IT": 27, "LI": 21,
        "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MT": 31, "NL": 18, "NO": 15, "PL": 28, "PT": 25, "RO": 24, "SA": 24,
        "SE": 24, "SI": 19, "SK": 24, "SM": 27, "TR": 26, "UA": 29,
    ]

    static let pattern = try! NSRegularExpression(pattern: #"\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b"#)

    /// Whether `iban` (spaces removed, upper case) passes its country length and mod-97.
    public static func isValid(_ iban: String) -> Bool {
        let characters = Array(iban)
        guard characters.count >= 15, let length = lengths[String(characters.prefix(2))], characters.count == length
        else { return false }
        var remainder = 0
        for character in characters.dropFirst(4) + characters.prefix(4) {
            guard let value = character.wholeNumberValue ?? letterValue(character) else { return false }
            for digit in String(value) { remainder = (remainder * 10 + digit.wholeNumberValue!) % 97 }
        }
        return remainder == 1
    }

    private static func letterValue(_ character: Character) -> Int? {
        guard let ascii = character.asciiValue, ascii >= 65, ascii <= 90 else { return nil }
        return Int(ascii) - 55
    }

    public static func evaluate(_ input: DetectorInput) -> SensitiveFinding? {
        for line in input.lines {
            let upper = PaymentCardRule.repairingDigits(line).uppercased()
            for match in pattern.matches(in: upper, range: NSRange(upper.startIndex..., in: upper)) {
                let candidate = (upper as NSString).substring(with: match.range).replacingOccurrences(of: " ", with: "")
                // Try the longest prefix of the right length (an IBAN followed by more letters on the line).
                guard candidate.count >= 2, let length = lengths[String(candidate.prefix(2))], candidate.count >= length
                else { continue }
                let iban = String(candidate.prefix(length))
                if isValid(iban) {
                    return SensitiveFinding(category: .paymentCard, rule: id,
                                            reason: "bank account: an IBAN of \(iban.prefix(2)) (\(length) characters) passing mod-97")
                }
            }
        }
        return nil
    }
}
