import Captures
import Foundation
import ReadingFixtures
import Runner
import Testing
import TestSupport
import TextStages

/// A desktop screenshot whose short labels stand over their values in columns (a boarding pass at 9 px on a
/// gradient, `scripts/parity-corpus.py` seed 2027 `boarding-03`, kept in Tests/Fixtures/screens): its rows seem to
/// run down, yet it is upright. Before, the stage turned it a quarter and read nothing but noise.
@Suite("tesseract.text on columns of stacked labels")
struct StackedLabelsTests {
    @Test("given an upright page of label columns whose rows seem to run down, when read, then it is read upright")
    func stackedLabelsAreReadUpright() async throws {
        let (text, trace) = try ScreenFixture.readBuiltIn("boarding-columns-9px.png")
        #expect(trace.quarterTurns == 0)
        let words = Set(text.lines.flatMap { $0.text.lowercased().split(whereSeparator: { !$0.isLetter }) }.map(String.init))
        #expect(words.isSuperset(of: ["boarding", "pass", "economy", "business", "seat"]), "read \(text.lines.map(\.text))")
    }
}
