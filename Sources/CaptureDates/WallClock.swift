import Foundation

/// A calendar date and time as written in a file name or a metadata field, before a zone makes it an instant.
/// Checked field by field, so impossible dates (month 13, 30 February, 25 o'clock) are refused, not rolled over.
public struct WallClock: Sendable, Equatable {
    public var year: Int
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    /// Milliseconds (0...999).
    public var millisecond: Int

    /// The years a capture can plausibly be dated in: digital cameras and phones from 1990 on, up to 2100.
    public static let plausibleYears = 1990...2100

    /// Nil unless every field is in range and the day exists in that month of that year.
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
                 millisecond: Int = 0, years: ClosedRange<Int> = Self.plausibleYears) {
        guard years.contains(year), (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute),
              (0...60).contains(second), (0...999).contains(millisecond),
              (1...Self.days(inMonth: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.millisecond = millisecond
    }

    /// The instant this wall-clock time names in `zone`.
    public func date(in zone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute,
                                        second: min(second, 59))
        return calendar.date(from: components).map { $0.addingTimeInterval(Double(millisecond) / 1000) }
    }

    /// 28...31.
    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
