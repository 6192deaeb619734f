import Captures
import ReadingFixtures
import Runner
import Testing
@testable import TextStages

/// The text stage reading through our own line finder (option `lineFinder`, issue 10 part 4): the option, and
/// lines Tesseract's layout analysis is not needed for (a wide-gap row, a light button on a light page).
@Suite("text stage with our line finder")
struct LineFinderStageTests {
    static func options(_ finder: LineFinderKind) -> TextReadingOptions {
        var options = TextReadingOptions()
        options.lineFinder = finder
        return options
    }

    @Test("given the lineFinder option, when the options load, then builtin is the default, tesseract is taken and anything else fails naming the option")
    func option() throws {
        #expect(TextReadingOptions().lineFinder == .builtIn)
        let builtIn = StageOptions(file: "p.json", stageID: "text", values: ["lineFinder": .string("builtin")])
        #expect(try TextReadingOptions(builtIn).lineFinder == .builtIn)
        let tesseract = StageOptions(file: "p.json", stageID: "text", values: ["lineFinder": .string("tesseract")])
        #expect(try TextReadingOptions(tesseract).lineFinder == .tesseract)
        let wrong = StageOptions(file: "p.json", stageID: "text", values: ["lineFinder": .string("ocrad")])
        let error = #expect(throws: PipelineError.self) { try TextReadingOptions(wrong) }
        #expect(error?.description.contains("lineFinder") == true)
    }

    @Test("given a label and value far apart and a light-on-dark button, when read with our line finder, then every word comes back")
    func readsThroughOurLines() throws {
        var canvas = Canvas(width: 1000, height: 260, color: .white)
        for (text, x, y) in [("Price", 40, 30), ("$32.00", 820, 30)] {
            canvas.paint(try TextRenderer.mask(text, font: "DejaVu Sans 24"), x: x, y: y, color: .init(20, 20, 20))
        }
        canvas.fill(x: 40, y: 120, width: 380, height: 80, color: .init(30, 60, 140))
        canvas.paint(try TextRenderer.mask("Continue to payment", font: "DejaVu Sans 24"), x: 60, y: 140,
                     color: .white)
        let (text, trace) = try TesseractTextStage(options: Self.options(.builtIn)).read(canvas.image)
        let words = text.fullText.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        #expect(words == ["Price", "$32.00", "Continue", "to", "payment"], "read \(words)")
        #expect(trace.lineFindingMilliseconds > 0)
    }
}
