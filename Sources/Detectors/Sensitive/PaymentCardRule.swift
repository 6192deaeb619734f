import Foundation

/// Payment cards: a number of 12 to 19 digits (grouped as printed, or run together) that passes Luhn and falls in a
/// network's prefix range with one of its lengths, with context that it is a card: an expiry date, "CVV"/"CVC",
/// the network's name, a cardholder or "card number". Numbers near words that say they are something else (IMEI,
/// tracking, order, invoice, serial) are not cards, and a masked number ("•••• 4242") has no digits to check.
public enum PaymentCardRule {
    public static let id = "card.luhn"

    /// Words that make a card of a Luhn-valid number in a network's range.
    static let cardWords = ["cvv", "cvc", "cvv2", "cid", "security code", "cardholder", "card holder", "card number",
                            "name on card", "valid thru", "valid through", "good thru", "expiry", "expires", "exp.",
                            "exp date", "credit card", "debit card", "carte bancaire", "kartennummer", "gültig bis"]
    static let networkWords = ["visa", "mastercard", "american express", "amex", "discover", "jcb", "unionpay",
                               "maestro", "diners", "mir"]
    /// Words that say a number near them is not a card.
    static let otherWords = ["imei", "meid", "serial", "tracking", "shipment", "parcel", "order", "invoice",
                             "reference", "ref.", "isbn", "iccid", "sim", "phone", "customer no", "account no",
                             "transaction id", "receipt no", "barcode", "sku", "ean"]

    static let numberPattern = try! NSRegularExpression(pattern: #"(?<![\d])(?:\d[ \-]?){11,18}\d(?![\d])"#)
    static let expiryPattern = try! NSRegularExpression(pattern: #"(?<!\d)(0[1-9]|1[0-2])\s?[/\-]\s?(\d{2}|20\d{2})(?!\d)"#)

    /// Letters OCR reads for digits.
    static let lookAlikes: [Character: Character] = ["O": "0", "o": "0", "D": "0", "I": "1", "l": "1", "|": "1",
                                                     "S": "5", "B": "8", "Z": "2", "G": "6"]

    /// `line` with look-alike letters read as digits inside runs that are mostly digits (a card number OCR read
    /// with an `O` for a `0`), other words untouched.
    static func repairingDigits(_ line: String) -> String {
        line.split(separator: " ", omittingEmptySubsequences: false).map { token -> String in
            let digits = token.filter(\.isNumber).count
            guard digits >= 3, digits * 4 >= token.count * 3 else { return String(token) }
            return String(token.map { lookAlikes[$0] ?? $0 })
        }.joined(separator: " ")
    }

    /// The finding for `input`, or nil.
    public static func evaluate(_ input: DetectorInput) -> SensitiveFinding? {
        let lines = input.lines.map(repairingDigits)
        for (index, line) in lines.enumerated() {
            let range = NSRange(line.startIndex..., in: line)
            for match in numberPattern.matches(in: line, range: range) {
                let raw = (line as NSString).substring(with: match.range)
                let digits = raw.compactMap(\.wholeNumberValue)
                guard Luhn.isValid(digits), let network = CardNetwork.network(of: digits) else { continue }
                let lower = input.lowercased
                let lineContext = (index > 0 ? lines[index - 1] + " " : "").lowercased() + line.lowercased()
                let hasExpiry = expiryPattern.firstMatch(in: input.text, range: NSRange(input.text.startIndex..., in: input.text)) != nil
                let hasCVV = Words.containsAny(lower, ["cvv", "cvc", "cvv2", "security code"])
                let namesNetwork = Words.containsAny(lower, networkWords)
                let hasCardWord = cardWords.contains { lower.contains($0) }
                if Words.containsAny(lineContext, otherWords) && !(hasExpiry || hasCVV || hasCardWord) { continue }
                let grouped = raw.contains(" ") || raw.contains("-")
                guard hasExpiry || hasCVV || namesNetwork || hasCardWord || (grouped && digits.count == 16) else { continue }
                var context: [String] = []
                if hasExpiry { context.append("expiry date") }
                if hasCVV { context.append("security code") }
                if namesNetwork { context.append("network name") }
                if hasCardWord && !hasExpiry && !hasCVV { context.append("card wording") }
                if context.isEmpty { context.append("grouped as printed on a card") }
                return SensitiveFinding(
                    category: .paymentCard, rule: id,
                    reason: "payment card: \(digits.count) digits passing Luhn in a \(network.name) range, "
                        + context.joined(separator: ", ") + " on the same capture")
            }
        }
        return nil
    }
}
