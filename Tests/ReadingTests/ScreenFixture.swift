import Captures
import Foundation
import ReadingFixtures
import TextStages

/// A screenshot kept in Tests/Fixtures/screens (made by our own `scripts/parity-corpus.py`), read by the text
/// stage with the built-in recogniser as the pipeline decodes it (long side 1600), or at another long side (the
/// parity benchmark reads a page at its own size up to 1600).
enum ScreenFixture {
    static func path(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/screens/\(name)").path
    }

    static func readBuiltIn(_ name: String, longSide: Int = 1600) throws
        -> (text: CaptureText, trace: TextReadingTrace)
    {
        let image = try RGBImage.photo(path: path(name), longSide: longSide)
        var options = TextReadingOptions()
        options.recognizer = .builtIn
        return try TesseractTextStage(options: options).read(image)
    }
}
