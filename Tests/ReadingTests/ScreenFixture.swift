import Captures
import Foundation
import ReadingFixtures
import TextStages

/// A screenshot kept in Tests/Fixtures/screens (made by our own `scripts/parity-corpus.py` or a script beside it),
/// read by the text stage with the built-in recogniser as the pipeline decodes it (long side 1600), or at another
/// long side (a desktop page at its own 1440, as `ReadingBenchmarks parity` reads it).
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
