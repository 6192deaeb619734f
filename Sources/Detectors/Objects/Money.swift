import Foundation

/// Amounts of money with their ISO 4217 currency, in both decimal conventions (`1,299.99` and `1.299,99`),
/// currency before or after the amount, by symbol or code.
public enum Money {
    static let symbols: [String: String] = ["$": "USD", "US$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR",
                                            "₩": "KRW", "₽": "RUB", "₺": "TRY", "R$": "BRL", "C$": "CAD",
                                            "A$": "AUD", "CHF": "CHF", "kr": "SEK", "zł": "PLN", "Fr.": "CHF"]
    /// The ISO 4217 codes recognised when written out.
    public static let codes: Set<String> = ["USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "NZD", "CNY", "INR",
                                            "SEK", "NOK", "DKK", "PLN", "CZK", "HUF", "BRL", "MXN", "KRW", "SGD",
                                            "HKD", "ZAR", "TRY", "RUB", "AED", "SAR", "THB", "ILS"]
    static let currency = #"(US\$|R\$|C\$|A\$|[$€£¥₹₩₽₺]|CHF|Fr\.|kr|zł|USD|EUR|GBP|JPY|CAD|AUD|NZD|CNY|INR|SEK|NOK|DKK|PLN|CZK|HUF|BRL|MXN|KRW|SGD|HKD|ZAR|TRY|RUB|AED|SAR|THB|ILS)"#
    static let amount = #"(\d{1,3}(?:[.,' ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)"#
    static let before = try! NSRegularExpression(pattern: currency + #"\s?"# + amount + #"(?![\d])"#)
    static let after = try! NSRegularExpression(pattern: #"(?<![\d.,])"# + amount + #"\s?"# + currency + #"(?![A-Za-z])"#)

    /// The amounts in `text`, as `amount` (a decimal with a point) and `currency`; the recogniser's slips in a
    /// price are read back first (`Money+OCRRepair`).
    public static func amounts(in text: String) -> [DetectedObject] {
        let text = textRepaired(text)
        var found: [(Int, DetectedObject)] = []
        var covered: [NSRange] = []
        let range = NSRange(text.startIndex..., in: text)
        for (pattern, currencyGroup, amountGroup) in [(before, 1, 2), (after, 2, 1)] {
            for match in pattern.matches(in: text, range: range)
            where !covered.contains(where: { NSIntersectionRange($0, match.range).length > 0 }) {
                let symbol = (text as NSString).substring(with: match.range(at: currencyGroup))
                let raw = (text as NSString).substring(with: match.range(at: amountGroup))
                guard let code = symbols[symbol] ?? (codes.contains(symbol) ? symbol : nil),
                      let value = decimal(raw) else { continue }
                covered.append(match.range)
                found.append((match.range.location, DetectedObject(kind: "money", value: value + " " + code,
                                                                   fields: ["amount": value, "currency": code])))
            }
        }
        return found.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// `raw` as a decimal with a point: the last `.` or `,` followed by one or two digits is the decimal mark.
    static func decimal(_ raw: String) -> String? {
        let characters = Array(raw)
        var integer = raw
        var fraction = ""
        if let mark = characters.lastIndex(where: { $0 == "." || $0 == "," }), characters.count - mark - 1 <= 2 {
            integer = String(characters[..<mark])
            fraction = String(characters[(mark + 1)...])
        }
        let digits = integer.filter(\.isNumber)
        guard !digits.isEmpty else { return nil }
        let trimmed = String(digits.drop { $0 == "0" })
        let whole = trimmed.isEmpty ? "0" : trimmed
        return fraction.isEmpty ? whole : whole + "." + (fraction.count == 1 ? fraction + "0" : fraction)
    }
}
