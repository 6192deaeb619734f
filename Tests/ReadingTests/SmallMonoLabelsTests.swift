import Captures
import Foundation
import ReadingFixtures
import Testing
import TextStages

/// A wide desktop page of 11 px monospaced labels and values, 1700 px apart (`scripts/parity-corpus.py` seed 5858
/// `label-value-02`, kept in Tests/Fixtures/screens), read as the pipeline decodes it (long side 1600) and the
/// stage scales small letters up (1.875 times). Its rows cost label-value 3 points of word recall against
/// Tesseract's own. One cause was the line finder's: the "B" of "Balance" was dropped (scaled up, its counters
/// closed and the finder took it for a solid block). The others ("Order" read `order`, the value "#365353" taken
/// for the counters of the light ground around it) are open (docs/reading.md).
@Suite("tesseract.text on small monospaced labels")
struct SmallMonoLabelsTests {
    static func lines() throws -> [String] {
        try ScreenFixture.readBuiltIn("label-value-mono-11px.png").text.lines.map(\.text)
    }

    @Test("given a bold capital whose counters closed when scaled up, when read, then the word keeps it")
    func solidLetterKept() throws {
        // Main: `Jalance`, `alance` and one `Balance` for the three "Balance" labels.
        let lines = try Self.lines()
        #expect(lines.filter { $0 == "Balance" }.count == 3, "read \(lines)")
    }
}
