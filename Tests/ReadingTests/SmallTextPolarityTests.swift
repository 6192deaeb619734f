import Captures
import Foundation
import ReadingFixtures
import Testing
import TextStages

/// A desktop form of 9 px gray labels and values on a light page (`scripts/parity-corpus.py` seed 5151 `form-03`,
/// kept in Tests/Fixtures/screens), read as the pipeline decodes it (long side 1600) and the stage scales small
/// letters up. The blurred letters half fill their boxes, so the line finder could not tell their ink from their
/// ground: short values and labels ("53293", "Tanaka", "65065", "Email", the card numbers) were read inverted, as
/// noise (`Brak]`, `ee`, `[oe t d`, `iar d`, `Pe e te t) e d`).
@Suite("tesseract.text on small letters of unclear polarity")
struct SmallTextPolarityTests {
    @Test("given a 9 px form whose letters half fill their boxes, when read, then its values are read dark on light")
    func smallFieldsAreRead() async throws {
        let (text, _) = try ScreenFixture.readBuiltIn("form-fields-9px.png")
        let words = Set(text.lines.flatMap { $0.text.split(separator: " ") }.map(String.init))
        let expected: Set = ["65065", "Tanaka", "6987", "3570", "8399", "2358", "+63", "895"]
        #expect(expected.isSubset(of: words), "missing \(expected.subtracting(words)); read \(text.lines.map(\.text))")
        let emails = text.lines.filter { $0.text == "Email" }.count
        #expect(emails >= 1, "read \(text.lines.map(\.text))")
    }
}
