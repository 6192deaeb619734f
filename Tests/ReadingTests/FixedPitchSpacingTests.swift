import Captures
import ReadingFixtures
import Testing
@testable import TextStages

/// Spaces in monospaced lines (issue 10, the code family of the parity corpus): a colon is narrow ink in a full
/// cell, and the network read a space after it where there is none (`bin: $PATH`); Tesseract's own recognition
/// did not. The built-in recogniser now keeps a space inside a fixed-pitch line only where the ink has an empty
/// cell for it (`FixedPitch`), and must keep every space elsewhere.
@Suite("fixed-pitch spacing")
struct FixedPitchSpacingTests {
    /// One stage per test: a stage's worker 0 engine must not be shared by tests running at once.
    let builtIn = TesseractTextStage()

    /// The words of one line drawn alone on a page (`font`, `size` px), as the built-in recogniser reads them.
    func words(_ line: String, font: String, size: Int) throws -> [String] {
        let page = try Pages.text([line], size: size, width: 40 * size, height: 5 * size, font: font)
        return try builtIn.read(page.image).text.fullText.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }

    @Test("given a monospaced shell line with a colon between two words, when read, then no space follows the colon",
          arguments: [("DejaVu Sans Mono", 16), ("Liberation Mono", 24)])
    func noSpaceAfterColon(font: String, size: Int) throws {
        let read = try words("export PATH=$HOME/bin:$PATH", font: font, size: size)
        #expect(read == ["export", "PATH=$HOME/bin:$PATH"], "\(font) \(size) px")
    }

    @Test("given a monospaced line with a space after a colon, when read, then that space is kept")
    func spaceAfterColonKept() throws {
        let read = try words("def parse(path: str) -> dict:", font: "DejaVu Sans Mono", size: 16)
        #expect(read == ["def", "parse(path:", "str)", "->", "dict:"])
    }

    @Test("given rows of digits in a proportional face (equal digit widths, narrow spaces), when read, then every space is kept",
          arguments: [("1946 4588 7008 8101", "DejaVu Sans", 16), ("+73 135 8561", "Liberation Sans", 20)])
    func digitRowsKeepSpaces(line: String, font: String, size: Int) throws {
        let read = try words(line, font: font, size: size)
        #expect(read == line.split(separator: " ").map(String.init), "\(font) \(size) px")
    }
}
