import Captures
import CodeReading
import ReadingFixtures
import Testing
import TestSupport

/// The linear pass in one read per scale (`linearOneRead`, the default): DataBar read with the other symbologies,
/// the first decoded row ending each read, a code kept when its bars are tall enough. It must find every code the
/// two-read pass found (DataBar apart, two decoded rows for the others) on the hostile code set's kinds of cases,
/// and report nothing on text.
@Suite("CodeReader linear pass in one read")
struct LinearOneReadTests {
    static let cases = CodeReaderTests.cases.filter { !["QRCODE", "MICROQR", "AZTEC", "DATAMATRIX", "PDF417"].contains($0.zint) }

    func twoReads() -> CodeReader {
        var options = CodeReadingOptions()
        options.linearOneRead = false
        return CodeReader(options: options)
    }

    /// The linear codes of `image`, as "format text", sorted.
    func read(_ image: RGBImage, _ reader: CodeReader = CodeReader()) throws -> [String] {
        try reader.read(image).codes.map { "\($0.format) \($0.text ?? "<binary>")" }.sorted()
    }

    /// `symbol` at 2 px a module on a text screenshot, in the style of the hostile set: as is, turned a quarter,
    /// light on dark, or at low contrast.
    func hostile(_ symbol: RGBImage, style: Int) throws -> RGBImage {
        var code = symbol
        if style == 1 { code = code.rotated(quarterTurns: 1) }
        if style == 3 {
            code = RGBImage(width: code.width, height: code.height,
                            pixels: code.pixels.map { UInt8(90 + Int($0) * 90 / 255) })
        }
        var page = BarcodeScreens.page([code], width: 1440, height: 900, seed: UInt64(style + 3))
        if style == 2 { page = page.inverted }
        return page
    }

    @Test("given each linear symbology at 2 px a module, as is, turned, inverted or faint, then one read finds what two did",
          arguments: cases)
    func sameCodes(_ code: CodeReaderTests.Case) throws {
        let symbol = try CodeMaker.symbol(code.zint, data: code.data, scale: 2)
        for style in 0..<4 {
            let image = try hostile(symbol, style: style)
            let before = try read(image, twoReads()), now = try read(image)
            #expect(Set(before).isSubset(of: Set(now)), "\(code.zint) style \(style): \(before) then, \(now) now")
            #expect(now.allSatisfy { $0.hasPrefix(code.format) }, "\(code.zint) style \(style): \(now)")
        }
    }

    @Test("given an EAN-8 slanted by 64 degrees, light on dark, then one read finds it as two reads did")
    func steeplySlanted() throws {
        // Seen from a scan line across them, a steep code's bars look too short; that layer is read the careful way.
        let symbol = try CodeMaker.symbol("EANX", data: "9797265", scale: 4)
        let page = try BarcodeScreens.slanted(BarcodeScreens.page([symbol], width: 900, height: 900), degrees: 64).inverted
        let before = try read(page, twoReads()), now = try read(page)
        #expect(Set(before).isSubset(of: Set(now)), "\(before) then, \(now) now")
        #expect(now.contains("EAN-8 97972655"), "\(now)")
    }

    @Test("given pages of text in several fonts, then one read reports no linear code")
    func noCodesOnText() throws {
        for (index, font) in ScreenshotMaker.fonts.prefix(4).enumerated() {
            let screen = try ScreenshotMaker(width: 1440, height: 900, textSize: 12 + 2 * index, font: font,
                                             theme: ScreenshotMaker.Theme.all[index % ScreenshotMaker.Theme.all.count])
                .make(seed: UInt64(40 + index))
            #expect(try read(screen.image).isEmpty, "\(screen.description)")
        }
    }
}
