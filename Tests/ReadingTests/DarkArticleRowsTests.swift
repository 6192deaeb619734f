import Captures
import Foundation
import Testing
import TextStages

/// A dark-mode article page, 1440 x 900: 31 px serif rows under a 46 px bold title, light pink on near-black (the
/// words and layout of parity seed 11 `article-00`, drawn by `scripts/reading-make-dark-article.py` and kept in
/// Tests/Fixtures/screens). The page's plain lines hold many specks of one or two "letters" (the dark ground
/// between the rows' ascenders and descenders), so the line finder looks again for outlined letters
/// (`OutlinedText`), and there the dark counters of the light letters ("e", "o", "p": light ink on both sides)
/// make outlined lines of a few letters a third of the row's height, which took the place of whole rows. An
/// outlined line whose letters are much shorter than those of the one row it covers is not that row read again
/// (`OutlinedText.isOutline`).
@Suite("tesseract.text on a dark-mode serif article")
struct DarkArticleRowsTests {
    static func lines(longSide: Int) throws -> [String] {
        try ScreenFixture.readBuiltIn("article-dark-serif.png", longSide: longSide).text.lines.map(\.text)
    }

    @Test("given a dark-mode article read at its own size, when read, then its title is read as its own row")
    func titleKept() throws {
        // As the parity benchmark reads the page. Main: `VAY` (three counters of the bold title, 13 px high, in
        // place of its 45 px line).
        let lines = try Self.lines(longSide: 1440)
        #expect(lines.contains("Will service shopping it"), "read \(lines)")
        #expect(!lines.contains("VAY"), "read \(lines)")
    }

    @Test("given a dark-mode article read as the pipeline decodes it, when read, then every row of its body is read")
    func bodyRowsKept() throws {
        // Long side 1600 (scaled up). Main: 4 of the 14 rows read, the others as short noise ("ATC", "octet").
        let lines = try Self.lines(longSide: 1600)
        #expect(lines.contains { $0.hasPrefix("tomorrow weather") && $0.hasSuffix("moved") }, "read \(lines)")
        #expect(lines.filter { $0.split(separator: " ").count >= 10 }.count == 14, "read \(lines)")
    }
}
