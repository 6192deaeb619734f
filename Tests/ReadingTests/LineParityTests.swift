import ReadingFixtures
import Testing
@testable import TextStages

/// Lines our line finder lost to the ground around them (issue 10, parity per family): where a dark-ink line and
/// a light-ink line cover each other, the one with more components used to stay, and the light "letters" around
/// dark text (the gaps between touching serif letters, the pockets between ascenders where the letters pull the
/// local mean down) can outnumber the dark letters. Now the pixels of the two boxes decide which ink is ink.
@Suite("line parity")
struct LineParityTests {
    /// Read by the text stage with its defaults (the built-in recogniser on our own lines), without the presence
    /// check (one short line has fewer letters than it asks for).
    static func read(_ line: String, font: String, size: Int) throws -> [String] {
        let page = try Pages.text([line], size: size, width: 40 * size, height: 5 * size, font: font)
        var options = TextReadingOptions()
        options.skipWithoutText = false
        return try TesseractTextStage(options: options).read(page.image).text.lines.map(\.text)
    }

    @Test("given one 10 px line on a small page, when read on our lines, then the whole line is one line read")
    func smallPageLineWhole() throws {
        // Main: `00k tke rain below the` (the light pockets above and below the line won over it), plus marks.
        let sentence = "It looks like rain below the station"
        let lines = try Self.read(sentence, font: "Liberation Sans", size: 10)
        #expect(lines.contains(sentence), "read \(lines)")
    }
}

/// Codes of digits and a capital (seats, gates) the dictionary beam turned into numbers (issue 10, parity per
/// family): the number dawg made "16B" `168` and "12A" `124`, and added digits ("11A" → `111A`), in label-value
/// and boarding rows. Now a capital after a digit stays, and the beam adds a digit only in place of a letter.
@Suite("number codes")
struct NumberCodeTests {
    @Test("given seat and gate codes on a small page, when read with the dictionary beam, then their letters stay letters",
          arguments: [("DejaVu Sans", 11), ("Liberation Sans", 12)])
    func codesKeepLetters(font: String, size: Int) throws {
        // Main: `Points 168 Gate 12A Row 11A Seat 24B` in both.
        let line = "Points 16B Gate 12A Row 11A Seat 24B"
        let lines = try LineParityTests.read(line, font: font, size: size)
        #expect(lines.contains(line), "\(font) \(size) px: read \(lines)")
    }
}
