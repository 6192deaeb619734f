import Captures
import CodeReading
import LineRecognition
import ReadingFixtures
import Testing
import TestSupport

/// Issue 9: zxing-cpp 1.4 (built with assertions) aborted the whole process on screenshots of large 1-D barcodes
/// (`Result.cpp:140: Assertion 'lineCount() == 1' failed`) whenever one read met the same linear code twice. On the
/// code before the fix each test here that finds a linear code ends the test process instead of failing.
@Suite("CodeReader linear barcodes")
struct LinearCodeTests {
    /// A barcode as zint makes it, and what the reader must report.
    typealias Screen = CodeReaderTests.Case

    /// The issue's four screenshots; zint adds the EAN and UPC check digits.
    static let screens: [Screen] = [
        Screen(zint: "EANX", data: "871234567890", format: "EAN-13", payload: "8712345678906"),
        Screen(zint: "UPCA", data: "01234567890", format: "UPC-A", payload: "012345678905"),
        Screen(zint: "CODE128", data: "PARCEL-7731-XK", format: "Code128", payload: "PARCEL-7731-XK"),
        Screen(zint: "CODE39", data: "BIN-2291-C", format: "Code39", payload: "BIN-2291-C"),
    ]

    let reader = CodeReader()

    /// The (format, text) pairs read in `image`, sorted.
    func read(_ image: RGBImage, _ reader: CodeReader = CodeReader()) throws -> [String] {
        try reader.read(image).codes.map { "\($0.format) \($0.text ?? "<binary>")" }.sorted()
    }

    @Test("given a screenshot of one large barcode with digits under it, when read, then its payload and bars come back",
          arguments: screens)
    func largeBarcode(_ screen: Screen) throws {
        let image = try BarcodeScreens.screenshot(screen.zint, data: screen.data)
        let found = try reader.read(image).codes
        try #require(found.count == 1, "found \(found.map(\.format))")
        #expect(found[0].format == screen.format)
        #expect(found[0].payload == Array(screen.payload.utf8))
        #expect(found[0].text == screen.payload)
        // The box spans the bars (a quarter of the page high), not the two scan rows the code was decoded on.
        let box = found[0].box
        #expect(box.height > 0.15 && box.width > 0.4, "box \(box)")
        #expect(abs(box.x + box.width / 2 - 0.5) < 0.05 && abs(box.y + box.height / 2 - 0.5) < 0.1, "box \(box)")
    }

    @Test("given the EAN-13 screenshot, when read with each mix of tryHarder, tryRotate, tryDownscale, then it is found")
    func everyEffort() throws {
        let image = try BarcodeScreens.screenshot("EANX", data: "871234567890")
        for combination in 0..<8 {
            var options = CodeReadingOptions()
            options.tryHarder = combination & 1 != 0
            options.tryRotate = combination & 2 != 0
            options.tryDownscale = combination & 4 != 0
            #expect(try read(image, CodeReader(options: options)) == ["EAN-13 8712345678906"],
                    "tryHarder \(options.tryHarder), tryRotate \(options.tryRotate), tryDownscale \(options.tryDownscale)")
        }
    }

    @Test("given the barcode screenshot turned by 90 or 180 degrees, when read, then it is found", arguments: [1, 2, 3])
    func turned(_ quarterTurns: Int) throws {
        let image = try BarcodeScreens.screenshot("CODE128", data: "PARCEL-7731-XK").rotated(quarterTurns: quarterTurns)
        #expect(try read(image) == ["Code128 PARCEL-7731-XK"])
    }

    @Test("given two identical barcodes side by side, when read, then both are found, each with its own box")
    func twoIdentical() throws {
        // The same payload twice in one read aborted zxing-cpp 1.4 even without its downscaled layers.
        let code = try BarcodeScreens.barcode("CODE128", data: "SAME-CODE-1", page: 800)
        let found = try reader.read(BarcodeScreens.page([code, code], width: 1400, height: 700, across: true)).codes
            .sorted { $0.box.x < $1.box.x }
        #expect(found.map(\.text) == ["SAME-CODE-1", "SAME-CODE-1"])
        if found.count == 2 { #expect(found[0].box.x + found[0].box.width < found[1].box.x) }
    }

    @Test("given two different barcodes one under the other, when read, then both are found")
    func twoStacked() throws {
        let ean = try BarcodeScreens.barcode("EANX", data: "871234567890", page: 800)
        let code128 = try BarcodeScreens.barcode("CODE128", data: "PARCEL-7731-XK", page: 800)
        #expect(try read(BarcodeScreens.page([ean, code128])) == ["Code128 PARCEL-7731-XK", "EAN-13 8712345678906"])
    }

    @Test("given a barcode next to a QR code, when read for all formats, Code 39 or QR, then the chosen codes are found")
    func barcodeAndQR() throws {
        let code = try BarcodeScreens.barcode("CODE39", data: "BIN-2291-C", page: 900)
        let qr = try CodeMaker.symbol("QRCODE", data: "https://example.com/bin/2291", scale: 6)
        let image = BarcodeScreens.page([code, qr], width: 1400, height: 800, across: true)
        #expect(try read(image) == ["Code39 BIN-2291-C", "QRCode https://example.com/bin/2291"])
        var options = CodeReadingOptions()
        options.formats = [.code39]
        #expect(try read(image, CodeReader(options: options)) == ["Code39 BIN-2291-C"])
        options.formats = [.qrCode]
        #expect(try read(image, CodeReader(options: options)) == ["QRCode https://example.com/bin/2291"])
    }

    @Test("given a barcode screenshot in a dark theme (inverted), when read, then it is found")
    func darkTheme() throws {
        let image = try BarcodeScreens.screenshot("UPCA", data: "01234567890").inverted
        #expect(try read(image) == ["UPC-A 012345678905"])
    }

    @Test("given a small barcode (2 px a module) on a desktop screenshot, when read, then it is found")
    func small() throws {
        let code = try BarcodeScreens.barcode("EANX", data: "871234567890", share: 0, scale: 2)
        #expect(try read(BarcodeScreens.page([code], width: 1440, height: 900)) == ["EAN-13 8712345678906"])
    }

    @Test("given a huge barcode filling a 2000 px capture (three pyramid layers), when read, then it is found once")
    func huge() throws {
        let code = try BarcodeScreens.barcode("CODE128", data: "PARCEL-7731-XK", page: 2000, share: 0.9)
        #expect(try read(BarcodeScreens.page([code], width: 2000, height: 2000)) == ["Code128 PARCEL-7731-XK"])
    }

    @Test("given a barcode slanted by 10 degrees, when read, then it is found once")
    func slanted() throws {
        let code = try BarcodeScreens.barcode("CODE128", data: "SLANTED-10", page: 800)
        let image = try BarcodeScreens.slanted(BarcodeScreens.page([code], width: 900, height: 700), degrees: 10)
        #expect(try read(image) == ["Code128 SLANTED-10"])
    }

    /// A GS1 DataBar layout: zint's name, its module size, and the angle it is slanted by.
    struct DataBarLayout: CustomStringConvertible, Sendable {
        var zint: String
        var scale: Int
        var degrees: Double
        var description: String { "\(zint) \(scale) px \(degrees)°" }
    }

    @Test("given GS1 DataBar codes, stacked or slanted, when read, then each is found once with its element string",
          arguments: [DataBarLayout(zint: "DBAR_EXP", scale: 3, degrees: 0), DataBarLayout(zint: "DBAR_EXP", scale: 2, degrees: 8),
                      DataBarLayout(zint: "DBAR_EXPSTK", scale: 2, degrees: 0), DataBarLayout(zint: "DBAR_STK", scale: 3, degrees: 0)])
    func dataBar(_ layout: DataBarLayout) throws {
        // zxing-cpp's DataBar readers estimate a line count from several rows, so two results of one code met in the
        // 1-D reader's own row merge aborted too, whatever the stage's options.
        let expanded = layout.zint.hasPrefix("DBAR_EXP")
        let data = expanded ? "[01]98898765432106[3202]012345" : "0950110153001"
        let symbol = try CodeMaker.symbol(layout.zint, data: data, scale: layout.scale)
        var image = BarcodeScreens.page([symbol], width: 900, height: 700)
        if layout.degrees != 0 { image = try BarcodeScreens.slanted(image, degrees: layout.degrees) }
        let expected = expanded ? "DataBarExpanded (01)98898765432106(3202)012345" : "DataBar 09501101530010"
        #expect(try read(image) == [expected])
    }

    @Test("given a small DataBar Expanded slanted by 5 or 6 degrees, when read, then it is found once", arguments: [5.0, 6.0])
    func slantedDataBar(_ degrees: Double) throws {
        // This layout aborted inside zxing-cpp's 1-D reader even in a read for one symbol without downscaling: two
        // rows of the code gave two DataBar results, each counting several lines, which the row merge compared.
        let symbol = try CodeMaker.symbol("DBAR_EXP", data: "[01]98898765432106[3202]012345", scale: 1)
        var canvas = Canvas(width: 1200, height: 900, color: .init(238, 238, 238))
        canvas.paste(symbol, x: (1200 - symbol.width) / 2, y: (900 - symbol.height) / 2)
        let image = try BarcodeScreens.slanted(canvas.image, degrees: degrees, background: 238)
        #expect(try read(image) == ["DataBarExpanded (01)98898765432106(3202)012345"])
    }
}
