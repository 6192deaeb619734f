import Captures
import Foundation
@testable import LineRecognition
import Testing

/// Spaces the dictionary beam reads inside a word the greedy reading joined, kept where the ink has a word gap
/// (`DictionaryRepair.splits`, `MeasuredSpaces.confirming`). The page is the top of a desktop menu
/// (`scripts/parity-corpus.py` seed 4747 `menu-01`, 1920 x 216, kept in Tests/Fixtures/screens), read as the
/// pipeline decodes it (long side 1600): greedy decoding read "Chai latte" in 15 px Liberation Sans as
/// `Chailatte` (the network gives the space 0.01-0.1 against the blank), Tesseract's own reading keeps it.
@Suite("spaces the dictionary beam reads and the ink confirms")
struct BeamSpacesTests {
    typealias Read = CharacterTable.ReadCharacter

    static func reads(_ text: String, from step: Int = 0) -> [Read] {
        text.enumerated().map { Read(text: String($0.element), step: step + 2 * $0.offset) }
    }

    @Test("given a menu whose dish name greedy decoding reads as one word, when read, then both words are read")
    func dishNameSplit() throws {
        let (text, _) = try ScreenFixture.readBuiltIn("menu-chai-latte.png")
        let lines = text.lines.map(\.text)
        #expect(lines.filter { $0 == "Chai latte" }.count == 2, "read \(lines)")
        #expect(!lines.contains { $0.contains("Chailatte") }, "read \(lines)")
    }

    @Test("given greedy and beam readings, when the beam's splits are listed, then only its spaces inside greedy words between letters or digits count")
    func splitsInsideGreedyWords() {
        // "Chailatte" (steps 0-16) against "Chai latte": the beam's space at step 7.
        let greedy = Self.reads("Chailatte")
        var beam = Self.reads("Chai")
        beam.append(Read(text: " ", step: 7))
        beam += Self.reads("latte", from: 8)
        #expect(DictionaryRepair.splits(greedy, by: beam) == [7])
        // A space greedy decoding has already, or one next to a mark ("https: //"), is no split.
        #expect(DictionaryRepair.splits(Self.reads("Chai latte"), by: Self.reads("Chai latte")).isEmpty)
        #expect(DictionaryRepair.splits(Self.reads("https://"), by: Self.reads("https: //")).isEmpty)
    }

    @Test("given a beam space, when confirmed against the ink, then it goes in only on a word gap")
    func spaceOnlyOnAGap() {
        // "Chailatte" read in 18 steps over columns 100..<190; the gap between "i" and "l" is columns 136-142
        // (steps 7.2-8.4).
        let greedy = Self.reads("Chailatte")
        let spaces = MeasuredSpaces(gaps: [], wordGaps: [(left: 136, width: 6)])
        let confirmed = spaces.confirming([7], in: greedy, steps: 18, columns: 100..<190)
        #expect(CharacterTable.text(of: confirmed) == "Chai latte")
        // Without a gap near the beam's space, or with the gap in another piece's columns, nothing is added.
        let far = spaces.confirming([14], in: greedy, steps: 18, columns: 100..<190)
        #expect(CharacterTable.text(of: far) == "Chailatte")
        let elsewhere = MeasuredSpaces(gaps: [], wordGaps: [(left: 236, width: 6)])
            .confirming([7], in: greedy, steps: 18, columns: 100..<190)
        #expect(CharacterTable.text(of: elsewhere) == "Chailatte")
    }
}
