@testable import LineRecognition
import Testing

/// A line of capitals and digits alone (a table's currency and amount cells) read in a box holding only its ink
/// (issue 10, parity per family, table): scaled to the network's height its letters were larger than any the
/// network learnt from Tesseract's row-high word crops, and "CHF" came back `CHE` or `CHEF` in large text. Now
/// such a line gets a row's blank room above and below it (`InkProfile.blankRoom`).
@Suite("capitals room")
struct CapitalsRoomTests {
    @Test("given capitals and digits alone in large text, when read on our lines, then CHF stays CHF",
          arguments: [("CHF 31.42", 32), ("CHF 385.96 05/05", 40), ("22/11 CHF 84.79", 44)])
    func currencyCode(line: String, size: Int) throws {
        // Main: `CHE 31.42`, `CHE 385.96 05/05`, `22/11 CHE 84.79` (Liberation Sans).
        let lines = try LineParityTests.read(line, font: "Liberation Sans", size: size)
        #expect(lines.contains(line), "\(size) px: read \(lines)")
    }

    /// A 60 x 40 page with a dark block in rows `inkRows` (columns 8..<52) over white, or over a checker texture.
    static func page(inkRows: Range<Int>, textured: Bool = false) -> GrayImage {
        var pixels = [UInt8](repeating: 240, count: 60 * 40)
        for y in 0..<40 {
            for x in 0..<60 {
                if textured && (x / 2 + y / 2) % 2 == 0 { pixels[y * 60 + x] = 190 }
                if inkRows.contains(y) && (8..<52).contains(x) && x % 6 != 0 { pixels[y * 60 + x] = 20 }
            }
        }
        return GrayImage(width: 60, height: 40, pixels: pixels)
    }

    @Test("given a band of ink with nothing above or below it on plain ground, then it gets room below and a little above")
    func roomForCapitals() {
        // Ink in rows 10..<32 (22 rows, a large capital's height), the rectangle 4 rows around it.
        let page = Self.page(inkRows: 10..<32)
        let rect = LineRecognizer.LineRect(left: 4, top: 6, width: 52, height: 30)
        let room = InkProfile(rect: rect, page: page).blankRoom(rowsNow: 6..<36, padding: 4, page: page)
        #expect(room.below == Int((InkProfile.roomBelow * 22).rounded()), "room \(room)")
        #expect(room.above == 1, "room \(room)")
    }

    @Test("given the same band over a photo's texture, or under 20 px, then it gets no room")
    func noRoomOverTextureOrSmall() {
        let textured = Self.page(inkRows: 10..<32, textured: true)
        let rect = LineRecognizer.LineRect(left: 4, top: 6, width: 52, height: 30)
        #expect(InkProfile(rect: rect, page: textured).blankRoom(rowsNow: 6..<36, padding: 4, page: textured) == (0, 0))
        let small = Self.page(inkRows: 12..<20)
        let smallRect = LineRecognizer.LineRect(left: 4, top: 8, width: 52, height: 16)
        #expect(InkProfile(rect: smallRect, page: small).blankRoom(rowsNow: 8..<24, padding: 4, page: small) == (0, 0))
    }
}
