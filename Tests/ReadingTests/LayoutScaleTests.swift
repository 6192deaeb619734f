import Captures
import ReadingFixtures
import Runner
import Testing
@testable import TextStages

/// Lines found on a smaller copy of a page with large letters (`layoutMaximumLetterHeight`, an option measured in
/// benchmarks/README.md) and read from the page at full size: the same text, boxes in the same places.
@Suite("text layout on a smaller copy")
struct LayoutScaleTests {
    @Test("given lines of large text, when their lines are found on a copy shrunk to 16 px letters, then they read exactly as when found at full size, in the same boxes",
          arguments: [("DejaVu Sans", 40), ("Liberation Serif", 56)])
    func shrunkLayoutReadsTheSame(font: String, size: Int) throws {
        let lines = ["Boarding pass MQ 2207", "Tom Okafor seat 14C", "Total 32.00 EUR"]
        let page = try Pages.text(lines, size: size, width: 22 * size, height: 9 * size, font: font)
        var shrunk = TextReadingOptions()
        shrunk.layoutMaximumLetterHeight = 16
        let full = try TesseractTextStage().read(page.image)
        let small = try TesseractTextStage(options: shrunk).read(page.image)
        #expect(full.trace.typicalLetterHeight > 16, "the letters must be tall enough for the copy to be smaller")
        #expect(full.text.lines.map(\.text) == lines)
        #expect(small.text.lines.map(\.text) == lines)
        for (a, b) in zip(full.text.lines, small.text.lines) {
            // Boxes within two pixels of the copy's scale: a few pixels of the page.
            let tolerance = 6.0 / Double(page.image.width)
            #expect(abs(a.box.x - b.box.x) <= tolerance && abs(a.box.width - b.box.width) <= 2 * tolerance)
        }
    }

    @Test("given a layout letter height of 0 or a maximum below the minimum, when the options load, then they fail naming the option")
    func invalidLayoutHeights() {
        let zero = StageOptions(file: "p.json", stageID: "text", values: ["layoutMinimumLetterHeight": .number(0)])
        let zeroError = #expect(throws: PipelineError.self) { try TextReadingOptions(zero) }
        #expect(zeroError?.description.contains("layoutMinimumLetterHeight") == true)
        let crossed = StageOptions(file: "p.json", stageID: "text",
                                   values: ["layoutMinimumLetterHeight": .number(12), "layoutMaximumLetterHeight": .number(9)])
        let crossedError = #expect(throws: PipelineError.self) { try TextReadingOptions(crossed) }
        #expect(crossedError?.description.contains("layoutMaximumLetterHeight") == true)
    }
}
