import Captures
import ReadingFixtures
import Testing
import TestSupport
@testable import TextStages

/// The failures of issue 10, found on a mixed library: spaces lost by the built-in recogniser, a wide gap on a
/// row read as noise, and one clear line of text skipped by the presence check.
@Suite("word spacing and text presence")
struct WordSpacingTests {
    /// One stage per test: a stage's worker 0 engine must not be shared by tests running at once.
    let builtIn = TesseractTextStage()

    /// The words of the text read, split at white space (punctuation kept).
    static func words(_ text: CaptureText) -> [String] {
        text.fullText.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    @Test("given short lines with single spaces, when read by the built-in recogniser, then every space is kept",
          arguments: [("DejaVu Sans", 14), ("Liberation Sans", 16), ("DejaVu Sans", 28), ("Liberation Serif", 22)])
    func spacesKept(font: String, size: Int) throws {
        let lines = ["Tom Okafor", "200 g plain flour", "MQ 2207", "Gate B 14"]
        let page = try Pages.text(lines, size: size, width: 30 * size, height: 12 * size, font: font)
        let read = try builtIn.read(page.image).text
        #expect(read.lines.map(\.text) == lines, "\(font) \(size) px")
    }

    /// A row of a form or a boarding pass: its parts far apart on one baseline.
    static func row(_ parts: [(String, Int)], size: Int, width: Int) throws -> RGBImage {
        var canvas = Canvas(width: width, height: size * 4, color: .white)
        for (text, x) in parts {
            let mask = try TextRenderer.mask(text, font: "DejaVu Sans \(size)")
            canvas.paint(mask, x: x, y: size * 3 / 2, color: .init(20, 20, 20))
        }
        return canvas.image
    }

    @Test("given a label and its value far apart on one row, when read, then both come back and nothing else")
    func wideGapLabelValue() throws {
        let image = try Self.row([("Price", 40), ("$32.00", 900)], size: 24, width: 1100)
        let words = Self.words(try builtIn.read(image).text)
        #expect(words == ["Price", "$32.00"], "read \(words)")
    }

    @Test("given a boarding-pass row with three wide gaps, when read, then its words come back in order and nothing else")
    func wideGapBoardingPass() throws {
        let image = try Self.row([("Tom Okafor", 30), ("MQ 2207", 520), ("19 MAR", 960)], size: 22, width: 1170)
        let words = Self.words(try builtIn.read(image).text)
        #expect(words == ["Tom", "Okafor", "MQ", "2207", "19", "MAR"], "read \(words)")
    }

    @Test("given one line of 40 px black text on white, when checked for text, then it counts as text and is read")
    func presenceOfOneLine() throws {
        let page = try Pages.text(["Added platypus one"], size: 40, color: .init(0, 0, 0), width: 640, height: 160)
        #expect(TesseractTextStage.presenceCheck(page.image).hasText)
        let (text, trace) = try builtIn.read(page.image)
        #expect(!trace.skipped)
        #expect(text.lines.map(\.text) == ["Added platypus one"])
    }

    @Test("given a dense paragraph of light text on teal, when checked for text, then it counts as text")
    func presenceOfLightTextOnMidTone() throws {
        // Parity corpus, seed 2027: article and ingredient screens like this one were skipped (both recognisers
        // then read nothing): the letters lift the local mean above mid-gray, so polarity leaves them light.
        let words = "menu looks great a with when store will a friendly soon you friendly prices platform service "
            + "morning service store you arrives service"
        var canvas = Canvas(width: 1440, height: 900, color: .init(20, 166, 156))
        let mask = try TextRenderer.mask(words, font: "DejaVu Serif 16")
        for row in 0..<32 { canvas.paint(mask, x: 90, y: 60 + row * 25, color: .init(235, 245, 245)) }
        let page = (image: canvas.image, ())
        #expect(TesseractTextStage.presenceCheck(page.image).hasText)
    }

    @Test("given gaps of letters and of words, when the space threshold is set, then it falls between the two groups")
    func spaceThresholdBetweenGroups() {
        let threshold = LineSegmenter.spaceThreshold([0.15, 0.2, 0.18, 0.8, 0.12, 0.75])
        #expect(threshold > 0.2 && threshold < 0.75)
        // One word: no gap is wide enough to split it.
        #expect(LineSegmenter.spaceThreshold([0.15, 0.2, 0.3]) > 0.3)
    }
}
