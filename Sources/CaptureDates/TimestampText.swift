import Foundation

/// Reads the timestamps metadata fields hold: ISO 8601 and its EXIF-style cousins ("2026-01-07T09:13:28+01:00",
/// "2026:01:07 09:13:28", "2026-01-07T09:13:28.123Z", "2026-01-07T09:13") and RFC 1123, which the PNG
/// specification suggests for "Creation Time" ("Wed, 07 Jan 2026 09:13:28 GMT", "... +0100").
///
/// A timestamp without a zone is wall-clock time, read in the zone given (as EXIF dates are). A date without a
/// time of day is not a capture time and reads as nil.
public enum TimestampText {
    /// The instant `text` names, or nil when it is not a complete, possible timestamp.
    public static func date(_ text: String, zone: TimeZone = .current) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return numeric(trimmed, zone: zone) ?? rfc1123(trimmed)
    }

    private static let numericPattern: NSRegularExpression = {
        // Date, a "T" or spaces, hours and minutes, optional seconds and fraction, optional zone.
        let pattern = #"^(\d{4})[-:](\d{2})[-:](\d{2})(?:T|\s+)(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?"#
            + #"\s*(Z|[+-]\d{2}:?\d{2})?$"#
        return try! NSRegularExpression(pattern: pattern)
    }()

    private static func numeric(_ text: String, zone: TimeZone) -> Date? {
        guard let match = numericPattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else {
            return nil
        }
        func group(_ index: Int) -> String? {
            Range(match.range(at: index), in: text).map { String(text[$0]) }
        }
        let numbers = (1...6).map { group($0).flatMap { Int($0) } }
        let millis = group(7).map { Int(($0 + "00").prefix(3)) ?? 0 } ?? 0
        guard let year = numbers[0], let month = numbers[1], let day = numbers[2], let hour = numbers[3],
              let minute = numbers[4],
              let clock = WallClock(year: year, month: month, day: day, hour: hour, minute: minute,
                                    second: numbers[5] ?? 0, millisecond: millis) else { return nil }
        var readZone = zone
        if let designator = group(8) {
            guard let offset = offsetZone(designator) else { return nil }
            readZone = offset
        }
        return clock.date(in: readZone)
    }

    /// "Z", "+01:00", "-0530" as a zone.
    public static func offsetZone(_ text: String) -> TimeZone? {
        if text == "Z" { return TimeZone(secondsFromGMT: 0) }
        let sign: Int
        switch text.first {
        case "+": sign = 1
        case "-": sign = -1
        default: return nil
        }
        let digits = text.dropFirst().filter(\.isNumber)
        guard digits.count == 4, let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)),
              (0...14).contains(hours), (0...59).contains(minutes) else { return nil }
        return TimeZone(secondsFromGMT: sign * (hours * 3600 + minutes * 60))
    }

    private static func rfc1123(_ text: String) -> Date? {
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEE, dd MMM yyyy HH:mm:ss Z", "dd MMM yyyy HH:mm:ss Z",
                       "dd MMM yyyy HH:mm:ss zzz"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = format
            if let date = formatter.date(from: text),
               WallClock.plausibleYears.contains(Calendar(identifier: .gregorian).component(.year, from: date)) {
                return date
            }
        }
        return nil
    }
}
