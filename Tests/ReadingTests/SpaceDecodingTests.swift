import Captures
@testable import LineRecognition
import ReadingFixtures
import Testing
import TestSupport
@testable import TextStages

/// Spaces after short words ("4 in stock", "3 x", "Seat 4 Apr", "AF 9300"), lost by the built-in recogniser on
/// the parity corpus where Tesseract's own kept them: the network gives such a space a low probability behind the
/// blank (greedy decoding drops it), or none at all in large text, where the gap in the ink is plain.
@Suite("spaces after short words")
struct SpaceDecodingTests {
    static let model = Result { try LineRecognizer(traineddata: LineRecognizerTests.traineddata) }

    /// Network outputs of one line: at each step, the probabilities of the named characters ("" is the blank).
    static func outputs(_ table: CharacterTable, _ steps: [[String: Float]]) -> LineFeatures {
        let depth = table.nullCode + 1
        var values = [Float](repeating: 0, count: steps.count * depth)
        for (step, probabilities) in steps.enumerated() {
            for (character, probability) in probabilities {
                let code = character.isEmpty ? table.nullCode : table.codes(of: character)!.first!
                values[step * depth + code] = probability
            }
        }
        return LineFeatures(height: 1, width: steps.count, depth: depth, values: values)
    }

    @Test("given a space second to the blank between a digit and a letter, when decoded, then the space is kept")
    func weakSpaceBetweenWords() throws {
        let table = try Self.model.get().characters
        let steps: [[String: Float]] = [["4": 0.9, "": 0.1], ["": 0.6, " ": 0.2, "4": 0.2], ["": 0.9, " ": 0.1],
                                        ["i": 0.9, "": 0.1], ["": 0.9], ["n": 0.9, "": 0.1]]
        #expect(table.decode(Self.outputs(table, steps)).text == "4 in")
    }

    @Test("given a faint space, or one next to a decimal point, when decoded, then no space is added")
    func noSpaceWhereItDoesNotBelong() throws {
        let table = try Self.model.get().characters
        let faint: [[String: Float]] = [["4": 0.9], ["": 0.95, " ": 0.05], ["i": 0.9], ["": 0.9], ["n": 0.9]]
        #expect(table.decode(Self.outputs(table, faint)).text == "4in")
        let decimal: [[String: Float]] = [["5": 0.9], ["": 0.6, " ": 0.3], [".": 0.9], ["": 0.7, " ": 0.3],
                                          ["1": 0.9]]
        #expect(table.decode(Self.outputs(table, decimal)).text == "5.1")
    }

    @Test("given a measured word gap between two characters read together, when spaces are added, then one goes between them")
    func measuredGapSplitsWords() {
        typealias Read = CharacterTable.ReadCharacter
        let read = [Read(text: "4", step: 2), Read(text: "A", step: 8), Read(text: "p", step: 11),
                    Read(text: "r", step: 14)]
        // 20 steps over columns 100..<200: the gap at columns 130-140 is step 7.
        let spaced = MeasuredSpaces(gaps: [(left: 130, width: 10)]).added(to: read, steps: 20, columns: 100..<200)
        #expect(CharacterTable.text(of: spaced) == "4 Apr")
        // A gap outside the piece's columns is another piece's.
        let outside = MeasuredSpaces(gaps: [(left: 230, width: 10)]).added(to: read, steps: 20, columns: 100..<200)
        #expect(CharacterTable.text(of: outside) == "4Apr")
        // Between two small letters a wide gap is a letter gap of a wide face.
        let letters = [Read(text: "t", step: 2), Read(text: "r", step: 8), Read(text: "i", step: 11),
                       Read(text: "p", step: 14)]
        let kept = MeasuredSpaces(gaps: [(left: 130, width: 10)]).added(to: letters, steps: 20, columns: 100..<200)
        #expect(CharacterTable.text(of: kept) == "trip")
    }

    @Test("given rows with a short word and a space, when read by the built-in recogniser, then the space is kept",
          arguments: [("4 in stock · ships today", "DejaVu Sans", 14), ("3 x USB-C cable 19.48", "DejaVu Serif", 17),
                      ("3 x USB-C cable 19.48", "DejaVu Sans Mono", 24), ("3 x USB-C cable 19.48", "Liberation Sans", 12),
                      ("Seat 4 Apr", "Liberation Serif", 12), ("Seat 4 Apr", "DejaVu Sans Bold", 12)])
    func shortWordSpacesKept(line: String, font: String, size: Int) throws {
        let page = try Pages.text([line], size: size, width: 24 * size, height: 5 * size, font: font)
        let read = try TesseractTextStage().read(page.image).text
        // The middle dot is read as a dash by both recognisers; the words around it are what counts.
        let words = { (text: String) in text.split(separator: " ").map(String.init).filter { !["·", "-"].contains($0) } }
        #expect(words(read.fullText) == words(line), "\(font) \(size) px")
    }
}
