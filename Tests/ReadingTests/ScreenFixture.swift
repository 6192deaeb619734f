import Captures
import Foundation
import ReadingFixtures
import TextStages

/// A screenshot kept in Tests/Fixtures/screens (made by our own `scripts/parity-corpus.py`), read by the text
/// stage with the built-in recogniser as the pipeline decodes it (long side 1600).
enum ScreenFixture {
    static func path(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/screens/\(name)").path
    }

    static func readBuiltIn(_ name: String) throws -> (text: CaptureText, trace: TextReadingTrace) {
        let image = try RGBImage.photo(path: path(name), longSide: 1600)
        var options = TextReadingOptions()
        options.recognizer = .builtIn
        return try TesseractTextStage(options: options).read(image)
    }
}
