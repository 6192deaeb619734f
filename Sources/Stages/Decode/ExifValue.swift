import Foundation

/// Reads the EXIF values libvips exposes as strings ("2023:07:14 10:22:33 (2023:07:14 10:22:33, ASCII, 20
/// components, 20 bytes)"): the raw value comes first, then libvips' description in parentheses.
enum ExifValue {
    /// The raw value: the text before libvips' " (" description, trimmed.
    static func raw(_ field: String) -> String {
        let end = field.range(of: " (")?.lowerBound ?? field.endIndex
        return field[..<end].trimmingCharacters(in: .whitespaces)
    }

    /// A capture date from DateTimeOriginal ("YYYY:MM:DD HH:MM:SS") and, when present, OffsetTimeOriginal
    /// ("+02:00"). EXIF dates are wall-clock times; without an offset they are read in `fallbackZone` (the
    /// machine's zone, as a photo viewer would). Nil for a blank or malformed date ("0000:00:00 00:00:00").
    static func date(original: String, offset: String?, fallbackZone: TimeZone = .current) -> Date? {
        let text = raw(original)
        let numbers = text.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "-" || $0 == "T" })
            .compactMap { Int($0) }
        guard numbers.count >= 6 else { return nil }
        var components = DateComponents()
        components.year = numbers[0]
        components.month = numbers[1]
        components.day = numbers[2]
        components.hour = numbers[3]
        components.minute = numbers[4]
        components.second = numbers[5]
        guard (1...9999).contains(numbers[0]), (1...12).contains(numbers[1]), (1...31).contains(numbers[2]),
              (0...23).contains(numbers[3]), (0...59).contains(numbers[4]), (0...60).contains(numbers[5])
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = offset.flatMap { zone(offset: raw($0)) } ?? fallbackZone
        return calendar.date(from: components)
    }

    /// A zone from an EXIF offset such as "+02:00" or "-05:30".
    static func zone(offset: String) -> TimeZone? {
        let sign: Int
        switch offset.first {
        case "+": sign = 1
        case "-": sign = -1
        default: return nil
        }
        let parts = offset.dropFirst().split(separator: ":").compactMap { Int($0) }
        guard parts.count == 2, (0...14).contains(parts[0]), (0...59).contains(parts[1]) else { return nil }
        return TimeZone(secondsFromGMT: sign * (parts[0] * 3600 + parts[1] * 60))
    }

    /// Decimal degrees from a GPS coordinate ("51/1 30/1 132/5": degrees, minutes, seconds as rationals) and
    /// its reference ("N", "S", "E", "W"); south and west are negative. Nil when malformed or out of range.
    static func degrees(_ coordinate: String, reference: String?, limit: Double) -> Double? {
        let rationals = raw(coordinate).split(separator: " ").map { rational(String($0)) }
        guard !rationals.isEmpty, rationals.count <= 3, rationals.allSatisfy({ $0 != nil }) else { return nil }
        let values = rationals.map { $0! }
        var result = values[0]
        if values.count > 1 { result += values[1] / 60 }
        if values.count > 2 { result += values[2] / 3600 }
        guard result.isFinite, result <= limit else { return nil }
        let ref = reference.map { raw($0).uppercased() } ?? ""
        return ref.hasPrefix("S") || ref.hasPrefix("W") ? -result : result
    }

    /// "132/5" → 26.4; "7" → 7. Nil for a zero denominator or a non-number.
    static func rational(_ text: String) -> Double? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return Double(parts[0])
        case 2:
            guard let numerator = Double(parts[0]), let denominator = Double(parts[1]), denominator != 0 else {
                return nil
            }
            return numerator / denominator
        default: return nil
        }
    }
}
