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

    static let numberPattern = try! NSRegularExpression(pattern: #"(?<![\d])(?:\d[ \-]?){11,19}\d(?![\d])"#)
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
        let lower = input.lowercased
        let hasExpiry = expiryPattern.firstMatch(in: input.text, range: NSRange(input.text.startIndex..., in: input.text)) != nil
        let hasCVV = Words.containsAny(lower, ["cvv", "cvc", "cvv2", "security code"])
        let namesNetwork = Words.containsAny(lower, networkWords)
        let hasCardWord = cardWords.contains { lower.contains($0) }
        for (index, line) in lines.enumerated() {
            let range = NSRange(line.startIndex..., in: line)
            let lineContext = (index > 0 ? lines[index - 1] + " " : "").lowercased() + line.lowercased()
            for match in numberPattern.matches(in: line, range: range) {
                let raw = (line as NSString).substring(with: match.range)
                var digits = raw.compactMap(\.wholeNumberValue)
                if Words.containsAny(lineContext, otherWords) && !(hasExpiry || hasCVV || hasCardWord) { continue }
                var repaired = false
                if !(Luhn.isValid(digits) && CardNetwork.network(of: digits) != nil) {
                    // OCR doubles or invents a digit in long runs of the same glyph ("1111"): with an expiry date
                    // or a security code on the capture, a number one digit too long that passes once it is dropped
                    // is the card.
                    let otherNumber = Words.containsAny(lineContext, otherWords)
                    guard hasExpiry || hasCVV, !otherNumber, digits.count >= 16, let fixed = singleDeletion(of: digits) else {
                        if let finding = labelledNumber(digits, lineContext: lineContext, hasExpiry: hasExpiry, hasCVV: hasCVV) {
                            return finding
                        }
                        continue
                    }
                    digits = fixed
                    repaired = true
                }
                guard let network = CardNetwork.network(of: digits) else { continue }
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
                    reason: "payment card: \(digits.count) digits passing Luhn in a \(network.name) range"
                        + (repaired ? " (after dropping one digit OCR added)" : "") + ", "
                        + context.joined(separator: ", ") + " on the same capture")
            }
        }
        return nil
    }

    /// The first number made by dropping one digit that passes Luhn in a network's range with a card's usual
    /// length (16, or 15 for American Express).
    static func singleDeletion(of digits: [Int]) -> [Int]? {
        for position in digits.indices {
            var candidate = digits
            candidate.remove(at: position)
            guard Luhn.isValid(candidate), let network = CardNetwork.network(of: candidate) else { continue }
            if candidate.count == 16 || (candidate.count == 15 && network.name == "American Express") { return candidate }
        }
        return nil
    }

    /// Labels that say the number next to them is a card's.
    static let numberLabels = ["card number", "card no", "kartennummer", "numéro de carte", "número de tarjeta", "pan"]

    /// A number OCR garbled beyond repair, held all the same when the capture says plainly that it is a card's: a
    /// card-number label on its line or the one before, and an expiry date or a security code.
    static func labelledNumber(_ digits: [Int], lineContext: String, hasExpiry: Bool, hasCVV: Bool) -> SensitiveFinding? {
        guard (13...20).contains(digits.count), hasExpiry || hasCVV, Words.containsAny(lineContext, numberLabels),
              !Words.containsAny(lineContext, otherWords) else { return nil }
        return SensitiveFinding(
            category: .paymentCard, rule: "card.labelled",
            reason: "payment card: a \(digits.count)-digit number labelled as a card number, with "
                + (hasExpiry ? "an expiry date" : "a security code") + " (Luhn not verified: the digits were misread)")
    }
}
