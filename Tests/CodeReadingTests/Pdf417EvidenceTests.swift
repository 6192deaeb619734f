import Captures
@testable import CodeReading
import LineRecognition
import ReadingFixtures
import Testing

/// PDF417 is looked for only in a pass whose polarity shows a PDF417 start or stop pattern (`Pdf417Evidence`,
/// issue 10, codes speed): codes on either ground, turned or not, are still found, and a capture with no such pattern
/// skips PDF417's reader in both passes (`CodeReadingTrace`).
@Suite("PDF417 evidence")
struct Pdf417EvidenceTests {
    static func inverted(_ image: RGBImage) -> RGBImage {
        RGBImage(width: image.width, height: image.height, pixels: image.pixels.map { 255 - $0 })
    }

    static func read(_ image: RGBImage, options: CodeReadingOptions = CodeReadingOptions()) throws
        -> (texts: [String?], trace: CodeReadingTrace)
    {
        var trace = CodeReadingTrace()
        let codes = try CodeReader(options: options).read(image, trace: &trace)
        return (codes.codes.map(\.text), trace)
    }

    static let payload = "PASSENGER 292877 SEAT 21A"

    @Test("given a light PDF417 on a dark card of a light screen, when read, then the inverted pass looks for PDF417 and finds it")
    func lightOnDarkCard() throws {
        var canvas = Canvas(width: 1400, height: 900, color: .white)
        canvas.paste(try Pages.text(["Boarding pass", "Gate 14"], width: 1400, height: 900).image, x: 0, y: 0)
        canvas.paste(Self.inverted(try CodeMaker.symbol("PDF417", data: Self.payload, scale: 2)), x: 500, y: 420)
        let (texts, trace) = try Self.read(canvas.image)
        #expect(texts == [Self.payload])
        #expect(trace.invertedPass == .whole)
        #expect(trace.invertedPdf417)
        #expect(!trace.plainPdf417)
    }

    @Test("given a dark PDF417 turned by quarter turns, when read, then the plain pass looks for PDF417 and finds it",
          arguments: [0, 1, 2, 3])
    func turned(_ quarterTurns: Int) throws {
        var canvas = Canvas(width: 1200, height: 1200, color: .white)
        canvas.paste(try CodeMaker.symbol("PDF417", data: Self.payload, scale: 2).rotated(quarterTurns: quarterTurns),
                     x: 300, y: 350)
        let (texts, trace) = try Self.read(canvas.image)
        #expect(texts == [Self.payload])
        #expect(trace.plainPdf417)
    }

    @Test("given pages without a code, light and dark, when read, then neither pass looks for PDF417")
    func noEvidenceSkipsPdf417() throws {
        let lines = ["Total 32.00 EUR", "Paid by card", "Thank you for your visit"]
        let light = try Self.read(try Pages.text(lines).image)
        #expect(light.texts.isEmpty)
        #expect(!light.trace.plainPdf417)
        let dark = try Self.read(try Pages.text(lines, color: .init(230, 230, 230), background: .init(18, 18, 24)).image)
        #expect(dark.texts.isEmpty)
        #expect(dark.trace.invertedPass == .whole)
        #expect(!dark.trace.plainPdf417)
        #expect(!dark.trace.invertedPdf417)
    }

    @Test("given the evidence turned off, when a page without a code is read, then both passes look for PDF417 as before")
    func evidenceOff() throws {
        var options = CodeReadingOptions()
        options.pdf417Evidence = false
        let dark = try Self.read(try Pages.text(["Total 32.00 EUR"], color: .init(230, 230, 230),
                                                background: .init(18, 18, 24)).image, options: options)
        #expect(dark.trace.plainPdf417)
        #expect(dark.trace.invertedPdf417)
    }

    @Test("given PDF417 alone asked for and no evidence of it, when read, then nothing is read rather than every format")
    func pdf417AloneWithoutEvidence() throws {
        var options = CodeReadingOptions()
        options.formats = [.pdf417]
        var canvas = Canvas(width: 900, height: 600, color: .white)
        canvas.paste(try CodeMaker.symbol("QRCODE", data: "not a PDF417", scale: 4), x: 300, y: 150)
        let (texts, trace) = try Self.read(canvas.image, options: options)
        #expect(texts.isEmpty)
        #expect(!trace.plainPdf417)
    }

    @Test("given the same capture read twice, when compared, then the evidence, codes and trace are the same")
    func deterministic() throws {
        var canvas = Canvas(width: 1200, height: 800, color: .init(24, 26, 32))
        canvas.paste(Self.inverted(try CodeMaker.symbol("PDF417", data: Self.payload, scale: 2)), x: 200, y: 300)
        let gray = GrayImage(canvas.image)
        #expect(Pdf417Evidence(in: gray) == Pdf417Evidence(in: gray))
        #expect(Pdf417Evidence(in: gray).light)
        let first = try Self.read(canvas.image), second = try Self.read(canvas.image)
        #expect(first.texts == second.texts)
        #expect(first.trace == second.trace)
        #expect(first.texts == [Self.payload])
    }
}
