import Foundation

/// Dates (ISO, day-month-year with dots or slashes, month names in English, German, French and Spanish) and times
/// of day, written as ISO 8601 (`2026-12-01`, `14:30`). A slashed date is read month first only when the day
/// cannot be the first number (`12/31/2026`); otherwise day first.
public enum Dates {
    static let months: [String: Int] = [
        "jan": 1, "january": 1, "januar": 1, "janvier": 1, "enero": 1, "feb": 2, "february": 2, "februar": 2,
        "février": 2, "febrero": 2, "mar": 3, "march": 3, "märz": 3, "mars": 3, "marzo": 3, "apr": 4, "april": 4,
        "avril": 4, "abril": 4, "may": 5, "mai": 5, "mayo": 5, "jun": 6, "june": 6, "juni": 6, "juin": 6,
        "junio": 6, "jul": 7, "july": 7, "juli": 7, "juillet": 7, "julio": 7, "aug": 8, "august": 8, "août": 8,
        "agosto": 8, "sep": 9, "sept": 9, "september": 9, "septembre": 9, "septiembre": 9, "oct": 10,
        "october": 10, "oktober": 10, "octobre": 10, "octubre": 10, "nov": 11, "november": 11, "novembre": 11,
        "noviembre": 11, "dec": 12, "december": 12, "dezember": 12, "décembre": 12, "diciembre": 12,
    ]
    static let iso = try! NSRegularExpression(pattern: #"(?<!\d)(20\d{2}|19\d{2})-(\d{2})-(\d{2})(?!\d)"#)
    static let numeric = try! NSRegularExpression(pattern: #"(?<![\d/.])(\d{1,2})([./])(\d{1,2})\2(20\d{2}|19\d{2})(?![\d/.])"#)
    static let dayMonth = try! NSRegularExpression(pattern: #"(?i)(?<!\d)(\d{1,2})\.?\s+([a-zäéû]{3,10})\.?,?\s+(20\d{2}|19\d{2})(?!\d)"#)
    static let monthDay = try! NSRegularExpression(pattern: #"(?i)\b([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,\s*(20\d{2}|19\d{2})(?!\d)"#)
    static let time = try! NSRegularExpression(pattern: #"(?i)(?<![\d:])([01]?\d|2[0-3]):([0-5]\d)(?:\s?(am|pm))?(?![\d:])"#)

    /// The dates and times in `text`, in order of appearance.
    public static func dates(in text: String) -> [DetectedObject] {
        var found: [(Int, DetectedObject)] = []
        let ns = text as NSString
        let range = NSRange(text.startIndex..., in: text)
        func add(_ location: Int, _ year: Int, _ month: Int, _ day: Int) {
            guard (1...12).contains(month), (1...31).contains(day) else { return }
            let value = String(format: "%04d-%02d-%02d", year, month, day)
            found.append((location, DetectedObject(kind: "date", value: value)))
        }
        for m in iso.matches(in: text, range: range) {
            add(m.range.location, Int(ns.substring(with: m.range(at: 1)))!, Int(ns.substring(with: m.range(at: 2)))!,
                Int(ns.substring(with: m.range(at: 3)))!)
        }
        for m in numeric.matches(in: text, range: range) {
            let first = Int(ns.substring(with: m.range(at: 1)))!, second = Int(ns.substring(with: m.range(at: 3)))!
            let year = Int(ns.substring(with: m.range(at: 4)))!
            let slash = ns.substring(with: m.range(at: 2)) == "/"
            if slash && second > 12 { add(m.range.location, year, first, second) } else { add(m.range.location, year, second, first) }
        }
        for m in dayMonth.matches(in: text, range: range) {
            guard let month = months[ns.substring(with: m.range(at: 2)).lowercased()] else { continue }
            add(m.range.location, Int(ns.substring(with: m.range(at: 3)))!, month, Int(ns.substring(with: m.range(at: 1)))!)
        }
        for m in monthDay.matches(in: text, range: range) {
            guard let month = months[ns.substring(with: m.range(at: 1)).lowercased()] else { continue }
            add(m.range.location, Int(ns.substring(with: m.range(at: 3)))!, month, Int(ns.substring(with: m.range(at: 2)))!)
        }
        for m in time.matches(in: text, range: range) {
            var hour = Int(ns.substring(with: m.range(at: 1)))!
            let minute = ns.substring(with: m.range(at: 2))
            if m.range(at: 3).location != NSNotFound {
                let half = ns.substring(with: m.range(at: 3)).lowercased()
                guard hour <= 12 else { continue }
                if half == "pm" && hour < 12 { hour += 12 }
                if half == "am" && hour == 12 { hour = 0 }
            }
            found.append((m.range.location, DetectedObject(kind: "time", value: String(format: "%02d:", hour) + minute)))
        }
        var seen = Set<DetectedObject>()
        return found.sorted { $0.0 < $1.0 }.map(\.1).filter { seen.insert($0).inserted }
    }
}
