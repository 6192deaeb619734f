@testable import LineRecognition
import Testing

/// A line of capitals and digits alone (an amount column's "CHF 31.42") read in a box that ends at its ink (issue
/// 10, parity per family, table): scaled to the network's height its letters were taller than any the network
/// learnt from Tesseract's word crops, which reach down to the row's descender line, and "CHF" came back `CHE`.
/// Now such a line is read with a descender's room of plain ground below its baseline (`InkProfile.descenderRoom`).
@Suite("descender room")
struct DescenderRoomTests {
    @Test("given a currency code and amount alone in large text, when read on our lines, then CHF stays CHF",
          arguments: [32, 40])
    func currencyCode(size: Int) throws {
        // Main: `CHE 31.42` at both sizes (Liberation Sans).
        let lines = try LineParityTests.read("CHF 31.42", font: "Liberation Sans", size: size)
        #expect(lines.contains("CHF 31.42"), "\(size) px: read \(lines)")
    }

    /// A 120 x 40 page: a block of ink in rows `inkRows` (columns 8..<112, a gap every 3 columns) on `ground`,
    /// with a light halo of `halo` one row around it when given.
    static func page(inkRows: Range<Int>, ground: UInt8 = 245, halo: UInt8? = nil) -> GrayImage {
        var pixels = [UInt8](repeating: ground, count: 120 * 40)
        for y in 0..<40 {
            for x in 0..<120 {
                if let halo, ((inkRows.lowerBound - 1)...inkRows.upperBound).contains(y), (7..<113).contains(x) {
                    pixels[y * 120 + x] = halo
                }
                if inkRows.contains(y) && (8..<112).contains(x) && x % 3 != 0 { pixels[y * 120 + x] = 20 }
            }
        }
        return GrayImage(width: 120, height: 40, pixels: pixels)
    }

    @Test("given an even band of ink on plain paper, then it gets a quarter of its height below, besides the padding")
    func roomOnPaper() {
        // Ink in rows 8..<24 (16 rows), the rectangle 4 rows around it: 4 rows below the baseline now.
        let page = Self.page(inkRows: 8..<24)
        let rect = LineRecognizer.LineRect(left: 4, top: 4, width: 112, height: 24)
        #expect(InkProfile(rect: rect, page: page).descenderRoom(padding: 4, page: page) == 4)
    }

    @Test("given the same band on ground between the ink and a halo, or short, or narrow, then it gets no room")
    func noRoomOffPaper() {
        let rect = LineRecognizer.LineRect(left: 4, top: 4, width: 112, height: 24)
        let haloed = Self.page(inkRows: 8..<24, ground: 170, halo: 250)
        #expect(InkProfile(rect: rect, page: haloed).descenderRoom(padding: 4, page: haloed) == 0)
        let small = Self.page(inkRows: 8..<18)
        let smallRect = LineRecognizer.LineRect(left: 4, top: 4, width: 112, height: 18)
        #expect(InkProfile(rect: smallRect, page: small).descenderRoom(padding: 4, page: small) == 0)
        let page = Self.page(inkRows: 8..<24)
        let narrow = LineRecognizer.LineRect(left: 4, top: 4, width: 40, height: 24)
        #expect(InkProfile(rect: narrow, page: page).descenderRoom(padding: 4, page: page) == 0)
    }
}
