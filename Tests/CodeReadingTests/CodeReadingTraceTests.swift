import Captures
@testable import CodeReading
import LineRecognition
import ReadingFixtures
import Testing

/// `CodeReadingTrace` says whether the inverted pass ran (issue 10, codes speed): the observable a cheaper trigger
/// for that pass is measured by. A light code on a dark screenshot is found by it; a capture without dark ground,
/// or one whose code the plain pass found, skips it.
@Suite("Code reading trace")
struct CodeReadingTraceTests {
    static func inverted(_ image: RGBImage) -> RGBImage {
        RGBImage(width: image.width, height: image.height, pixels: image.pixels.map { 255 - $0 })
    }

    static func read(_ image: RGBImage) throws -> (texts: [String?], pass: CodeReadingTrace.InvertedPass) {
        var trace = CodeReadingTrace()
        let codes = try CodeReader().read(image, trace: &trace)
        return (codes.codes.map(\.text), trace.invertedPass)
    }

    @Test("given a light QR code on a dark-theme screenshot, when read, then the inverted pass runs and finds it")
    func lightQROnDarkScreen() throws {
        var canvas = Canvas(width: 1200, height: 800, color: .white)
        canvas.paste(Self.inverted(try Pages.text(["Your boarding pass", "Gate 14, seat 22A"], width: 1200,
                                                  height: 800).image), x: 0, y: 0)
        canvas.paste(Self.inverted(try CodeMaker.symbol("QRCODE", data: "https://example.com/pass/7", scale: 3)),
                     x: 760, y: 380)
        let (texts, pass) = try Self.read(canvas.image)
        #expect(texts == ["https://example.com/pass/7"])
        #expect(pass == .whole)
    }

    @Test("given a light page without any code or dark ground, when read, then the inverted pass is skipped")
    func noCodeSkipsInvertedPass() throws {
        let (texts, pass) = try Self.read(try Pages.text(["Total 32.00 EUR", "Paid by card"]).image)
        #expect(texts.isEmpty)
        #expect(pass == .skipped)
    }

    @Test("given a dark code the plain pass finds on a dark-theme page, when read, then the inverted pass is skipped")
    func foundCodeSkipsInvertedPass() throws {
        var canvas = Canvas(width: 1000, height: 700, color: .init(20, 22, 28))
        canvas.paste(try CodeMaker.symbol("QRCODE", data: "plain pass", scale: 3), x: 400, y: 250)
        let (texts, pass) = try Self.read(canvas.image)
        #expect(texts == ["plain pass"])
        #expect(pass == .skipped)
    }
}
