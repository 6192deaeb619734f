import Captures
import CodesStages
import ReadingFixtures
import Runner
import Testing
import TestSupport

/// The `zxing.codes` stage adapts `CodeReader` (tested in CodeReadingTests) to captures and pipeline options.
@Suite("zxing.codes")
struct CodeStageTests {
    @Test("given a capture with a QR code, when processed by the stage, then the reader's code comes back")
    func adaptsTheReader() async throws {
        let symbol = try CodeMaker.symbol("QRCODE", data: "https://example.com/pool?id=42")
        var canvas = Canvas(width: symbol.width + 80, height: symbol.height + 80, color: .white)
        canvas.paste(symbol, x: 40, y: 40)
        let stage = CodeReadingStage()
        let found = try await StageHarness(stage).process(Pages.capture(canvas.image)).codes
        #expect(found == (try CodeReader().read(canvas.image)).codes)
        #expect(found.map(\.text) == ["https://example.com/pool?id=42"])
    }

    @Test("given a 1x1 capture, when processed, then no codes and no failure")
    func onePixel() async throws {
        let image = RGBImage(width: 1, height: 1, pixels: [0, 0, 0])
        #expect(try await StageHarness(CodeReadingStage()).process(Pages.capture(image)).codes.isEmpty)
    }

    @Test("given pipeline options naming an unknown format, when read, then the error names the field")
    func unknownFormat() throws {
        let options = StageOptions(file: "p.json", stageID: "codes", values: ["formats": .array([.string("QR")])])
        let error = #expect(throws: PipelineError.self) { try CodeReadingOptions(options) }
        #expect(error?.field == "options.formats")
    }

    @Test("given formats named loosely, when read, then they map to zxing-cpp's formats")
    func formatNames() throws {
        let options = StageOptions(file: "p.json", stageID: "codes",
                                   values: ["formats": .array([.string("ean_13"), .string("qrcode")])])
        #expect(try CodeReadingOptions(options).formats == [.ean13, .qrCode])
        #expect(CodeReadingStage(options: try CodeReadingOptions(options)).options.formats == [.ean13, .qrCode])
    }
}
