import Captures
import Foundation
@testable import LineRecognition
import Testing

/// The space beside a lone digit in small proportional text (`MeasuredSpaces.addedBesideLoneDigits`). The page is
/// `Tests/Fixtures/screens/shop-digit-spaces.png` (`scripts/reading-shop-digits-fixture.py`): shop rows with a
/// stock row under some ("1 in stock · ships today") in DejaVu Sans and Liberation Sans, regular and bold, from 13
/// to 19 px, read at its own size as `ReadingBenchmarks parity` reads a 1440 px page. Main's reader read "1 in
/// stock" as `1in stock`: the x-height is under `MeasuredSpaces.minimumXHeight`, and neither greedy decoding nor
/// the beam reads the space.
@Suite("the space beside a lone digit in small text")
struct DigitSpacesTests {
    typealias Read = CharacterTable.ReadCharacter

    static func reads(_ text: String) -> [Read] {
        text.enumerated().map { Read(text: String($0.element), step: 2 * $0.offset) }
    }

    @Test("given small shop stock rows, when read, then the count and the days stand apart from their words")
    func stockRowsKeepTheirSpaces() throws {
        let (text, _) = try ScreenFixture.readBuiltIn("shop-digit-spaces.png", longSide: 1440)
        let stock = text.lines.map(\.text).filter { $0.contains("stock") }
        #expect(stock.count == 9, "read \(text.lines.map(\.text))")
        for line in stock {
            #expect(line.range(of: #"^[0-9] in stock"#, options: .regularExpression) != nil, "read \(line)")
            #expect(!line.contains("in2") && !line.contains("2days"), "read \(line)")
        }
    }

    @Test("given a small-text word gap beside a lone digit, when spaces are added, then one goes between them")
    func spaceBesideALoneDigit() {
        // "4in" read in 6 steps over columns 100..<130, the gap columns 105-111 (steps 1-2.2); "4" at step 0,
        // "i" already at step 2, inside the gap's steps.
        let spaces = MeasuredSpaces(gaps: [], smallGaps: [(left: 105, width: 6)])
        let count = spaces.addedBesideLoneDigits(to: Self.reads("4in"), steps: 6, columns: 100..<130)
        #expect(CharacterTable.text(of: count) == "4 in")
        let days = spaces.addedBesideLoneDigits(to: Self.reads("in2"), steps: 6, columns: 100..<130)
        #expect(CharacterTable.text(of: days) == "in 2")
    }

    @Test("given a gap beside a digit in a number or a code, when spaces are added, then none goes in")
    func noSpaceInNumbersOrCodes() {
        let spaces = MeasuredSpaces(gaps: [], smallGaps: [(left: 105, width: 6)])
        // Two digits ("11" in a price), a lone letter before a lone digit ("v2"), a digit in a longer number, and
        // a gap that already holds a space.
        for text in ["11", "v2", "42in", "4 in"] {
            let read = spaces.addedBesideLoneDigits(to: Self.reads(text), steps: 2 * text.count, columns: 100..<130)
            #expect(CharacterTable.text(of: read) == text)
        }
    }
}
