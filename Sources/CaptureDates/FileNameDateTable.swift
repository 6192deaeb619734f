import Foundation

/// The file-name patterns that carry a capture time, one row per way devices name files, tried in order (the
/// most specific first, the general `YYYYMMDD_HHMMSS` last). Adding a device is adding a row (and its test).
///
/// Every row keeps its digits apart from other digits (`(?<!\d)`, `(?!\d)` or a fixed prefix), so a date-like
/// run inside a phone number or an order number is not read, and every date is checked (`WallClock`): 30
/// February, month 13 or 25 o'clock make a row not match.
public struct FileNameDateTable: Sendable {
    public var rows: [FileNameDatePattern]

    public init(rows: [FileNameDatePattern]) {
        self.rows = rows
    }

    /// What one file name says, and which row said it.
    public struct Reading: Sendable, Equatable {
        public var date: Date
        public var precision: DatePrecision
        /// The row's name.
        public var pattern: String
    }

    /// The first row that reads a possible date in `fileName` (its last path component is used), as an instant
    /// in `zone` (file names hold wall-clock time, like EXIF without an offset).
    public func read(_ fileName: String, zone: TimeZone = .current) -> Reading? {
        let name = fileName.split(separator: "/").last.map(String.init) ?? fileName
        for row in rows {
            if let clock = row.wallClock(in: name), let date = clock.date(in: zone) {
                return Reading(date: date, precision: row.precision, pattern: row.name)
            }
        }
        return nil
    }

    private static let ymd = #"(?<year>\d{4})(?<month>\d{2})(?<day>\d{2})"#
    private static let hms = #"(?<hour>\d{2})(?<minute>\d{2})(?<second>\d{2})"#

    /// The patterns of the devices people use (issue 11).
    public static let standard = FileNameDateTable(rows: [
        FileNameDatePattern("samsung-screenshot-app", example: "Screenshot_20260107-091328_Chrome.jpg",
                            pattern: #"^Screenshot_\#(ymd)-\#(hms)_[^.]+\."#),
        FileNameDatePattern("android-screenshot", example: "Screenshot_20260107-091328.png",
                            pattern: #"^Screenshot_\#(ymd)-\#(hms)(?!\d)"#),
        FileNameDatePattern("android-screenshot-dashed", example: "Screenshot_2026-01-07-09-13-28.png",
                            pattern: #"^Screenshot_(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})-(?<hour>\d{2})-"#
                                + #"(?<minute>\d{2})-(?<second>\d{2})(?!\d)"#),
        FileNameDatePattern("pixel", example: "PXL_20260107_091328123.jpg",
                            pattern: #"^PXL_\#(ymd)_\#(hms)(?<millis>\d{3})(?!\d)"#),
        FileNameDatePattern("macos-screenshot", example: "Screenshot 2026-01-07 at 09.13.28.png",
                            pattern: #"^Screen ?shot (?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2}) at "#
                                + #"(?<hour>\d{1,2})\.(?<minute>\d{2})\.(?<second>\d{2})"#
                                + #"(?:[\s\x{202F}]?(?<ampm>[AP]M))?(?!\d)"#),
        FileNameDatePattern("windows-screenshot", example: "Screenshot 2026-01-07 091328.png",
                            pattern: #"^Screenshot (?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2}) \#(hms)(?!\d)"#),
        FileNameDatePattern("signal", example: "signal-2026-01-07-091328.jpg",
                            pattern: #"^signal-(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})-\#(hms)(?!\d)"#),
        FileNameDatePattern("whatsapp", example: "IMG-20260107-WA0001.jpg", precision: .day,
                            pattern: #"^(?:IMG|VID|PTT|AUD|STK)-\#(ymd)-WA\d+"#),
        FileNameDatePattern("camera", example: "20260107_091328.jpg",
                            pattern: #"^(?:(?:IMG|VID|PANO|MVIMG)_)?\#(ymd)_\#(hms)(?!\d)"#),
        FileNameDatePattern("general", example: "holiday-20260107-091328-beach.jpg",
                            pattern: #"(?<![\d+])\#(ymd)[_-]\#(hms)(?!\d)"#),
    ])
}
