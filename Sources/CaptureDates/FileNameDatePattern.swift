import Foundation

/// One way devices write the capture time into a file name: a row of `FileNameDateTable`.
///
/// `pattern` is a regular expression over the file name (without folders) with named groups `year`, `month`,
/// `day` and, for a time, `hour`, `minute`, `second` and optionally `millis` (1-3 digits) and `ampm` (a 12-hour
/// clock's "AM"/"PM"). Rows anchor what is
/// around the digits themselves, so a date inside a longer run of digits (a phone or order number) is not read.
public struct FileNameDatePattern: Sendable {
    /// A short name for the row ("android-screenshot"), shown in tests and docs.
    public let name: String
    /// A file name the row reads, for documentation and its test.
    public let example: String
    /// How much of a moment the row's names carry.
    public let precision: DatePrecision
    /// The expression's source, as written in the table.
    public let source: String
    private let expression: NSRegularExpression

    /// A row; the expression is compiled here and must be valid (the table is fixed in code, so a bad row is a
    /// programming error, reported with its name).
    public init(_ name: String, example: String, precision: DatePrecision = .second, pattern: String) {
        self.name = name
        self.example = example
        self.precision = precision
        self.source = pattern
        do {
            expression = try NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
        } catch {
            preconditionFailure("file-name date row \(name): invalid pattern \(pattern): \(error)")
        }
    }

    /// The wall-clock time the row reads in `fileName`, or nil when it does not match or the date is impossible.
    public func wallClock(in fileName: String) -> WallClock? {
        let range = NSRange(fileName.startIndex..., in: fileName)
        for match in expression.matches(in: fileName, range: range) {
            func number(_ group: String) -> Int? {
                let found = match.range(withName: group)
                guard found.location != NSNotFound, let span = Range(found, in: fileName) else { return nil }
                return Int(fileName[span])
            }
            guard let year = number("year"), let month = number("month"), let day = number("day") else { continue }
            let millis: Int
            let millisRange = match.range(withName: "millis")
            if millisRange.location != NSNotFound, let span = Range(millisRange, in: fileName) {
                let digits = String(fileName[span])
                millis = (Int(digits) ?? 0) * [100, 10, 1][min(digits.count, 3) - 1]
            } else {
                millis = 0
            }
            var hour = number("hour") ?? 0
            let meridiem = match.range(withName: "ampm")
            if meridiem.location != NSNotFound, let span = Range(meridiem, in: fileName) {
                // A 12-hour clock: 12 AM is midnight, 12 PM noon; "13 PM" is impossible.
                guard (1...12).contains(hour) else { continue }
                hour = hour % 12 + (fileName[span].uppercased().hasPrefix("P") ? 12 : 0)
            }
            if let clock = WallClock(year: year, month: month, day: day, hour: hour,
                                     minute: number("minute") ?? 0, second: number("second") ?? 0,
                                     millisecond: millis) {
                return clock
            }
        }
        return nil
    }
}
