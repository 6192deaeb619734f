import Foundation

/// Finds the objects of a capture's text and code payloads: the built-in kinds and the rule book's own. Codes are
/// read as text too (a QR link is a link); a BCBP payload becomes a boarding pass. Same input, same output.
public struct ObjectExtractor: Sendable {
    public let book: RuleBook
    /// The region national phone numbers are read in (nil: only international and North American ones).
    public let region: String?

    public init(book: RuleBook, region: String? = nil) {
        self.book = book
        self.region = region
    }

    /// The objects of `text` and the `codes` payloads, in a stable order, without repeats.
    public func objects(text: String, codes: [String]) -> [DetectedObject] {
        var found: [DetectedObject] = []
        for source in [text] + codes {
            if let pass = TravelAndShipping.boardingPass(source) {
                found.append(pass)
                continue
            }
            found += Links.emails(in: source)
            found += Links.links(in: source)
            found += PhoneNumbers.numbers(in: source, region: region)
            found += Money.amounts(in: source)
            found += Dates.dates(in: source)
            found += TravelAndShipping.flights(in: source)
            found += TravelAndShipping.bookingReferences(in: source)
            found += TravelAndShipping.trackingNumbers(in: source)
            found += TravelAndShipping.isbns(in: source)
            found += PostalAddresses.addresses(in: source)
            found += custom(in: source)
        }
        var seen = Set<DetectedObject>()
        return found.filter { seen.insert($0).inserted }
    }

    private func custom(in text: String) -> [DetectedObject] {
        let ns = text as NSString
        return book.objects.flatMap { rule in
            rule.pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match -> DetectedObject? in
                let value = ns.substring(with: match.range)
                let compact = value.filter { !$0.isWhitespace && $0 != "-" }
                let ok = switch rule.check {
                case "isbn": CheckDigits.isValidISBN(compact)
                case "s10": CheckDigits.isValidS10(compact)
                case "ups": CheckDigits.isValidUPS(compact)
                case "luhn": Self.luhn(compact)
                default: true
                }
                return ok ? DetectedObject(kind: rule.kind, value: value) : nil
            }
        }
    }

    static func luhn(_ digits: String) -> Bool {
        let values = digits.compactMap(\.wholeNumberValue)
        guard values.count >= 2, values.count == digits.count else { return false }
        let sum = values.reversed().enumerated().reduce(0) { sum, item in
            let doubled = item.offset % 2 == 1 ? item.element * 2 : item.element
            return sum + (doubled > 9 ? doubled - 9 : doubled)
        }
        return sum % 10 == 0
    }
}
