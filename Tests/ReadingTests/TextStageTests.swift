import Captures
import ReadingFixtures
import Runner
import Testing
import TestSupport
import TextStages

@Suite("tesseract.text")
struct TextStageTests {
    static let lines = ["Invoice number 48213", "Total due 129.50 EUR", "Pay before Friday"]
    let stage = TesseractTextStage()

    @Test("given dark text on a light page, when read, then every line comes back exactly, in order")
    func lightPage() async throws {
        let page = try Pages.text(Self.lines)
        let text = try await StageHarness(stage).process(Pages.capture(page.image))
        #expect(text.lines.map(\.text) == Self.lines)
    }

    @Test("given a line drawn at a known place, when read, then its box covers that place")
    func lineBoxes() throws {
        let page = try Pages.text(Self.lines)
        let text = try stage.read(page.image).text
        try #require(text.lines.count == Self.lines.count)
        for (line, drawn) in zip(text.lines, page.boxes) {
            let centreX = (Double(drawn.x) + Double(drawn.w) / 2) / Double(page.image.width)
            let centreY = (Double(drawn.y) + Double(drawn.h) / 2) / Double(page.image.height)
            #expect(abs(line.box.x + line.box.width / 2 - centreX) < 0.03)
            #expect(abs(line.box.y + line.box.height / 2 - centreY) < 0.03)
            #expect(line.confidence > 0.5 && line.confidence <= 1)
        }
    }

    @Test("given light text on a dark page (dark mode), when read, then every line comes back exactly")
    func darkPage() throws {
        let page = try Pages.text(Self.lines, color: .init(225, 225, 225), background: .init(24, 24, 28))
        let read = try stage.read(page.image).text.lines.map(\.text)
        #expect(read == Self.lines, "read \(read)")
    }

    @Test("given a light page with a dark banner, when read, then the banner's light text is read too")
    func mixedPolarity() throws {
        var canvas = Canvas(width: 900, height: 400, color: .white)
        canvas.fill(x: 0, y: 0, width: 900, height: 110, color: .init(30, 60, 160))
        canvas.paint(try TextRenderer.mask("Weekend Offers", font: "DejaVu Sans Bold 36"), x: 50, y: 30, color: .white)
        canvas.paint(try TextRenderer.mask("Free delivery on every order", font: "DejaVu Sans 26"), x: 50, y: 200,
                     color: .init(20, 20, 20))
        let lines = try stage.read(canvas.image).text.lines.map(\.text)
        #expect(lines == ["Weekend Offers", "Free delivery on every order"])
    }

    @Test("given a page turned by 90, 180 or 270 degrees, when read, then it is read upright",
          arguments: [1, 2, 3])
    func turnedPage(quarterTurns: Int) throws {
        let lines = ["The quick brown fox jumps over", "the lazy dog near the river bank", "Chapter seven begins here"]
        let page = try Pages.text(lines, width: 1000, height: 500)
        let turned = page.image.rotated(quarterTurns: quarterTurns)
        let (text, trace) = try stage.read(turned)
        #expect(text.lines.map(\.text) == lines)
        #expect(trace.quarterTurns == (4 - quarterTurns) % 4)
        // The first line, at the top of the upright page, is mapped back to where it stands in the turned image.
        let first = try #require(text.lines.first).box
        switch quarterTurns {
        case 1: #expect(first.x > 0.5)   // the top of the page went to the right
        case 2: #expect(first.y > 0.5)   // ... to the bottom
        default: #expect(first.x < 0.5)  // ... to the left
        }
    }

    @Test("given small text on a desktop-size screen, when read, then its words are found")
    func smallText() throws {
        let lines = ["Settings and privacy", "Notifications are turned off for this account"]
        let page = try Pages.text(lines, size: 11, width: 1440, height: 300)
        let words = ScreenshotMaker.tokens(try stage.read(page.image).text.fullText)
        #expect(ScreenshotMaker.recall(expected: lines.flatMap { ScreenshotMaker.tokens($0) }, found: words) == 1,
                "read \(words)")
    }

    @Test("given a photo-like scene without text, when read, then recognition is skipped and no text returned")
    func sceneWithoutText() throws {
        let (text, trace) = try stage.read(Pages.scene())
        #expect(trace.skipped)
        #expect(text.lines.isEmpty)
    }

    @Test("given a grayscale capture, when read, then the text is read as in colour")
    func grayscale() throws {
        let page = try Pages.text(Self.lines, color: .init(30, 90, 200), background: .init(250, 240, 200))
        #expect(try stage.read(Pages.grayscale(page.image)).text.lines.map(\.text) == Self.lines)
    }

    @Test("given a 1x1 image, when read, then no text and no failure")
    func onePixel() async throws {
        let image = RGBImage(width: 1, height: 1, pixels: [255, 255, 255])
        let text = try await StageHarness(stage).process(Pages.capture(image))
        #expect(text.lines.isEmpty)
    }

    @Test("given an empty image, when read, then the capture fails with a reason")
    func emptyImage() async throws {
        let image = RGBImage(width: 0, height: 0, pixels: [])
        await #expect(throws: ReadingError.unusableImage("the image is empty (0 pixels)")) {
            try await StageHarness(stage).process(Pages.capture(image))
        }
    }

    @Test("given an image above the pixel limit, when read, then the capture fails naming the size")
    func tooLarge() throws {
        var options = TextReadingOptions()
        options.maximumPixels = 10_000
        let image = RGBImage(width: 200, height: 100, pixels: [UInt8](repeating: 255, count: 200 * 100 * 3))
        #expect(throws: ReadingError.unusableImage("200x100 exceeds the text stage's limit of 10000 pixels")) {
            try TesseractTextStage(options: options).read(image)
        }
    }

    @Test("given a language that is not installed, when the stage loads, then it fails naming the language")
    func missingLanguage() throws {
        var options = TextReadingOptions()
        options.languages = ["qqq"]
        let error = #expect(throws: ReadingError.self) { try TesseractTextStage(options: options).prepare() }
        #expect(error?.description.contains("\"qqq\"") == true)
    }

    @Test("given pipeline options with a bad value, when read, then the error names the field")
    func badOptions() throws {
        let options = StageOptions(file: "p.json", stageID: "ocr", values: ["maximumUpscale": .number(20)])
        let error = #expect(throws: PipelineError.self) { try TextReadingOptions(options) }
        #expect(error?.field == "options.maximumUpscale")
    }
}
