import CaptureDates
import Foundation
import Testing

/// One file name a row must read, and what it must read.
struct NamedDate: Sendable, CustomTestStringConvertible {
    var row: String
    var fileName: String
    /// "YYYY-MM-DD hh:mm:ss.mmm" in UTC (the tests read names in UTC).
    var expected: String
    var precision: DatePrecision = .second

    var testDescription: String { "\(row): \(fileName)" }
}

@Suite("File-name dates")
struct FileNameDateTableTests {
    static let utc = TimeZone(secondsFromGMT: 0)!

    /// A case per row of `FileNameDateTable.standard` (the row's own example first), plus variants.
    static let cases: [NamedDate] = [
        NamedDate(row: "samsung-screenshot-app", fileName: "Screenshot_20260107-091328_Chrome.jpg",
                  expected: "2026-01-07 09:13:28.000"),
        NamedDate(row: "android-screenshot", fileName: "Screenshot_20260107-091328.png",
                  expected: "2026-01-07 09:13:28.000"),
        NamedDate(row: "android-screenshot-dashed", fileName: "Screenshot_2026-01-07-09-13-28.png",
                  expected: "2026-01-07 09:13:28.000"),
        NamedDate(row: "pixel", fileName: "PXL_20260107_091328123.jpg", expected: "2026-01-07 09:13:28.123"),
        NamedDate(row: "pixel", fileName: "PXL_20260107_091328123.MP.jpg", expected: "2026-01-07 09:13:28.123"),
        NamedDate(row: "macos-screenshot", fileName: "Screenshot 2026-01-07 at 09.13.28.png",
                  expected: "2026-01-07 09:13:28.000"),
        NamedDate(row: "macos-screenshot", fileName: "Screen Shot 2026-01-07 at 9.13.28 PM.png",
                  expected: "2026-01-07 21:13:28.000"),
        NamedDate(row: "macos-screenshot", fileName: "Screenshot 2026-01-07 at 12.05.00\u{202F}AM.png",
                  expected: "2026-01-07 00:05:00.000"),
        NamedDate(row: "windows-screenshot", fileName: "Screenshot 2026-01-07 091328.png",
                  expected: "2026-01-07 09:13:28.000"),
        NamedDate(row: "signal", fileName: "signal-2026-01-07-091328.jpg", expected: "2026-01-07 09:13:28.000"),
        NamedDate(row: "signal", fileName: "signal-2026-01-07-091328_002.jpg", expected: "2026-01-07 09:13:28.000"),
        NamedDate(row: "whatsapp", fileName: "IMG-20260107-WA0001.jpg", expected: "2026-01-07 00:00:00.000",
                  precision: .day),
        NamedDate(row: "whatsapp", fileName: "VID-20260107-WA0012.mp4", expected: "2026-01-07 00:00:00.000",
                  precision: .day),
        NamedDate(row: "camera", fileName: "20260107_091328.jpg", expected: "2026-01-07 09:13:28.000"),
        NamedDate(row: "camera", fileName: "IMG_20260107_091328.jpg", expected: "2026-01-07 09:13:28.000"),
        NamedDate(row: "general", fileName: "holiday-20260107-091328-beach.jpg", expected: "2026-01-07 09:13:28.000"),
        NamedDate(row: "general", fileName: "scan_20240229_235959.png", expected: "2024-02-29 23:59:59.000"),
    ]

    @Test("each row reads its names", arguments: cases)
    func rowReads(_ named: NamedDate) throws {
        let reading = try #require(FileNameDateTable.standard.read(named.fileName, zone: Self.utc))
        #expect(reading.pattern == named.row)
        #expect(Self.text(reading.date) == named.expected)
        #expect(reading.precision == named.precision)
    }

    @Test("every row of the table has a test case and reads its own example")
    func everyRowTested() throws {
        let tested = Set(Self.cases.map(\.row))
        for row in FileNameDateTable.standard.rows {
            #expect(tested.contains(row.name), "row \(row.name) has no test case")
            let reading = try #require(FileNameDateTable.standard.read(row.example, zone: Self.utc),
                                       "row \(row.name) does not read its example \(row.example)")
            #expect(reading.pattern == row.name)
        }
    }

    /// Names that hold digits but no capture time.
    static let negatives = [
        "IMG_1234.jpg",
        "Call_+4915120260107091328.png",        // a phone number holding date-like digits
        "Anruf +20260107-091328.png",           // digits after a phone number's "+"
        "Tel. 0049 20260107 091328.png",        // a phone number in groups: no date separator
        "Rechnung Nr. 2026010709132.pdf",       // an invoice number of 13 digits
        "order_202601070913281234.png",         // an order number: one long run of digits
        "Order-7720260107-0913287.pdf",         // digits glued on both sides
        "receipt_20260107_0913.png",            // no seconds
        "Screenshot_20260230-091328.png",       // 30 February
        "Screenshot_20261307-091328.png",       // month 13
        "Screenshot_20260107-251328.png",       // 25 o'clock
        "Screenshot_20260107-096128.png",       // minute 61
        "20250229_120000.jpg",                  // 2025 is not a leap year
        "18990107_091328.jpg",                  // before digital captures
        "IMG-20260132-WA0001.jpg",              // 32 January
        "Screen Shot 2026-01-07 at 13.13.28 PM.png", // 13 PM
        "invoice 12345678-123456.pdf",          // year 1234
    ]

    @Test("names without a capture time read nothing", arguments: negatives)
    func hardNegative(_ fileName: String) {
        #expect(FileNameDateTable.standard.read(fileName, zone: Self.utc) == nil)
    }

    @Test("a name is read in the zone given (wall-clock time), and folders are ignored")
    func zone() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let reading = try #require(FileNameDateTable.standard.read("2026/01/Screenshot_20260107-091328.png",
                                                                   zone: tokyo))
        #expect(Self.text(reading.date) == "2026-01-07 00:13:28.000")
    }

    @Test("a new row extends the table")
    func extend() throws {
        var table = FileNameDateTable.standard
        table.rows.insert(FileNameDatePattern("telegram", example: "photo_2026-01-07_09-13-28.jpg",
                                              pattern: #"^photo_(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})_"#
                                                + #"(?<hour>\d{2})-(?<minute>\d{2})-(?<second>\d{2})"#), at: 0)
        let reading = try #require(table.read("photo_2026-01-07_09-13-28.jpg", zone: Self.utc))
        #expect(reading.pattern == "telegram" && Self.text(reading.date) == "2026-01-07 09:13:28.000")
        #expect(FileNameDateTable.standard.read("photo_2026-01-07_09-13-28.jpg", zone: Self.utc) == nil)
    }

    static func text(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = utc
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        return formatter.string(from: date)
    }
}
