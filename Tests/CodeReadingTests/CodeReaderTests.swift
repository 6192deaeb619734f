import Captures
import CodeReading
import LineRecognition
import ReadingFixtures
import Testing

@Suite("CodeReader")
struct CodeReaderTests {
    /// A symbology as zint makes it, the data given to zint, and what zxing-cpp must report.
    struct Case: CustomStringConvertible, Sendable {
        var zint: String
        var data: String
        var format: String
        var payload: String
        var extra: [String] = []
        var description: String { format }
    }

    static let cases: [Case] = [
        Case(zint: "QRCODE", data: "https://example.com/pool?id=42", format: "QRCode",
             payload: "https://example.com/pool?id=42"),
        Case(zint: "MICROQR", data: "POOL 12345", format: "MicroQRCode", payload: "POOL 12345"),
        Case(zint: "AZTEC", data: "Aztec ticket 7731", format: "Aztec", payload: "Aztec ticket 7731"),
        Case(zint: "DATAMATRIX", data: "DM-2026-ABC-0042", format: "DataMatrix", payload: "DM-2026-ABC-0042"),
        Case(zint: "PDF417", data: "Boarding pass LHR CDG 14A", format: "PDF417", payload: "Boarding pass LHR CDG 14A"),
        // EAN and UPC: zint checks the given check digit, so these are valid numbers.
        Case(zint: "EANX", data: "4006381333931", format: "EAN-13", payload: "4006381333931"),
        Case(zint: "EANX", data: "9638507", format: "EAN-8", payload: "96385074"),
        Case(zint: "UPCA", data: "036000291452", format: "UPC-A", payload: "036000291452"),
        Case(zint: "UPCE", data: "01234565", format: "UPC-E", payload: "01234565"),
        Case(zint: "CODE39", data: "POOL-39 TEST", format: "Code39", payload: "POOL-39 TEST"),
        Case(zint: "CODE93", data: "Pool93 Test", format: "Code93", payload: "Pool93 Test"),
        Case(zint: "CODE128", data: "Pool pipeline #128", format: "Code128", payload: "Pool pipeline #128"),
        // Codabar's start and stop characters (A, B) frame the data and are not part of it.
        Case(zint: "CODABAR", data: "A40156-12B", format: "Codabar", payload: "40156-12"),
        Case(zint: "C25INTER", data: "1234567890", format: "ITF", payload: "1234567890"),
        // GS1 DataBar carries a GTIN-14 (zint adds the check digit); zxing-cpp 1.4 reports the 14 digits.
        Case(zint: "DBAR_OMN", data: "0950110153001", format: "DataBar", payload: "09501101530010"),
        // DataBar Expanded carries GS1 element strings; zxing-cpp 1.4 reports them with the AIs in brackets.
        Case(zint: "DBAR_EXP", data: "[01]98898765432106[3202]012345", format: "DataBarExpanded",
             payload: "(01)98898765432106(3202)012345"),
    ]

    let reader = CodeReader()

    @Test("given one code of each symbology, when read, then its format and exact payload come back",
          arguments: cases)
    func symbology(_ code: Case) throws {
        let symbol = try CodeMaker.symbol(code.zint, data: code.data, extra: code.extra)
        var canvas = Canvas(width: symbol.width + 80, height: symbol.height + 80, color: .white)
        canvas.paste(symbol, x: 40, y: 40)
        let found = try reader.read(canvas.image).codes
        try #require(found.count == 1, "found \(found.map(\.format))")
        #expect(found[0].format == code.format)
        #expect(found[0].payload == Array(code.payload.utf8))
        #expect(found[0].text == code.payload)
    }

    @Test("given a QR code of binary bytes, when read, then the bytes come back exactly and there is no text")
    func binaryPayload() throws {
        let bytes: [UInt8] = [0x00, 0x01, 0xFF, 0xFE, 0xC3, 0x28, 0x80, 0x7F, 0x10, 0x9B]
        let escaped = bytes.map { "\\x" + String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined()
        let symbol = try CodeMaker.symbol("QRCODE", data: escaped, binary: true, escapes: true)
        let found = try reader.read(symbol).codes
        try #require(found.count == 1)
        #expect(found[0].payload == bytes)
        #expect(found[0].text == nil)
    }

    @Test("given a QR code holding UTF-8 text, when read, then the text and its UTF-8 bytes come back")
    func unicodeText() throws {
        let text = "Café ✓ 東京"
        let symbol = try CodeMaker.symbol("QRCODE", data: text, binary: true)
        let found = try reader.read(symbol).codes
        try #require(found.count == 1)
        #expect(found[0].payload == Array(text.utf8))
        #expect(found[0].text == text)
    }

    @Test("given two codes side by side, when read, then both are found with their own boxes")
    func twoCodes() throws {
        let qr = try CodeMaker.symbol("QRCODE", data: "left code")
        // zxing-cpp 1.4 finds a DataMatrix inside a larger image from about 6 px a module.
        let matrix = try CodeMaker.symbol("DATAMATRIX", data: "right code", scale: 6)
        var canvas = Canvas(width: 900, height: 400, color: .white)
        canvas.paste(qr, x: 60, y: 80)
        canvas.paste(matrix, x: 560, y: 80)
        let found = try reader.read(canvas.image).codes.sorted { $0.box.x < $1.box.x }
        #expect(found.map(\.text) == ["left code", "right code"])
        #expect(found.map(\.format) == ["QRCode", "DataMatrix"])
        if found.count == 2 {
            #expect(found[0].box.x + found[0].box.width < found[1].box.x)
            #expect(abs(found[0].box.x - 60.0 / 900) < 0.05)
        }
    }

    @Test("given a barcode turned by 90 degrees, when read with tryRotate, then it is found, and not without")
    func turnedBarcode() throws {
        let symbol = try CodeMaker.symbol("CODE128", data: "TURNED-128").rotated(quarterTurns: 1)
        #expect(try reader.read(symbol).codes.map(\.text) == ["TURNED-128"])
        var options = CodeReadingOptions()
        options.tryRotate = false
        #expect(try CodeReader(options: options).read(symbol).codes.isEmpty)
    }

    @Test("given an Aztec code in a corner of a larger image, when read, then it is found where it stands")
    func aztecOffCentre() throws {
        let symbol = try CodeMaker.symbol("AZTEC", data: "corner ticket 7", scale: 4)
        var canvas = Canvas(width: 900, height: 400, color: .white)
        canvas.paste(symbol, x: 40, y: 40)
        let found = try reader.read(canvas.image).codes
        #expect(found.map(\.text) == ["corner ticket 7"])
        if let box = found.first?.box {
            #expect(abs(box.x - 40.0 / 900) < 0.05 && abs(box.y - 40.0 / 400) < 0.1)
        }
    }

    @Test("given a QR code turned upside down, when read, then it is found")
    func turnedQR() throws {
        let symbol = try CodeMaker.symbol("QRCODE", data: "upside down").rotated(quarterTurns: 2)
        #expect(try reader.read(symbol).codes.map(\.text) == ["upside down"])
    }

    @Test("given a small QR code (2 px a module) in a large screenshot, when read, then it is found")
    func smallCode() throws {
        let symbol = try CodeMaker.symbol("QRCODE", data: "tiny", scale: 2)
        var canvas = Canvas(width: 1440, height: 900, color: .init(240, 240, 240))
        canvas.paste(symbol, x: 1300, y: 780)
        #expect(try reader.read(canvas.image).codes.map(\.text) == ["tiny"])
    }

    @Test("given a light code on a dark ground, when read with tryInvert, then it is found, and not without")
    func invertedCode() throws {
        let symbol = try CodeMaker.symbol("QRCODE", data: "dark mode")
        let inverted = RGBImage(width: symbol.width, height: symbol.height, pixels: symbol.pixels.map { 255 - $0 })
        #expect(try reader.read(inverted).codes.map(\.text) == ["dark mode"])
        var options = CodeReadingOptions()
        options.tryInvert = false
        #expect(try CodeReader(options: options).read(inverted).codes.isEmpty)
    }

    @Test("given a grayscale capture, when read, then the code is found")
    func grayscale() throws {
        let symbol = try CodeMaker.symbol("AZTEC", data: "gray")
        #expect(try reader.read(Pages.grayscale(symbol)).codes.map(\.text) == ["gray"])
    }

    @Test("given a photo-like scene, when read, then no code is reported")
    func sceneWithoutCodes() throws {
        #expect(try reader.read(Pages.scene()).codes.isEmpty)
    }

    @Test("given a 1x1 image, when read, then no codes and no failure")
    func onePixel() throws {
        let image = RGBImage(width: 1, height: 1, pixels: [0, 0, 0])
        #expect(try reader.read(image).codes.isEmpty)
    }

    @Test("given an empty or oversized image, when read, then the capture fails with a reason")
    func unusable() throws {
        #expect(throws: ReadingError.unusableImage("the image is empty (0 pixels)")) {
            try reader.read(RGBImage(width: 0, height: 0, pixels: []))
        }
        var options = CodeReadingOptions()
        options.maximumPixels = 100
        #expect(throws: ReadingError.unusableImage("20x20 exceeds the codes stage's limit of 100 pixels")) {
            try CodeReader(options: options).read(RGBImage(width: 20, height: 20,
                                                           pixels: [UInt8](repeating: 0, count: 1200)))
        }
    }
}

extension String {
    func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
