import Foundation
@testable import LineRecognition
import ReadingFixtures
import Testing
@testable import TextStages

/// Tesseract's dictionaries in the built-in recogniser's decoder: the `SquishedDawg` reader (on dawgs built
/// here and on eng.traineddata's), the dictionary walk, and the beam that reads "below" where greedy decoding
/// reads `belaw` (issue 10: most of the words the built-in recogniser missed and Tesseract read were one letter
/// its dictionary beam repaired).
@Suite("dictionary beam")
struct DictionaryBeamTests {
    static let model = Result { try LineRecognizer(traineddata: LineRecognizerTests.traineddata) }

    /// The bytes of a dawg holding `words` (character ids), laid out as Tesseract stores one: a trie whose
    /// nodes are runs of edges, the root first, every run sorted and its last edge marked.
    static func dawgBytes(_ words: [[Int]], characters: Int, magic: Int16 = 42) -> [UInt8] {
        final class Node { var children: [Int: Node] = [:]; var ends: Set<Int> = [] }
        let root = Node()
        for word in words {
            var node = root
            for (index, id) in word.enumerated() {
                if index == word.count - 1 { node.ends.insert(id) }
                let next = node.children[id] ?? Node()
                node.children[id] = next
                node = next
            }
        }
        // Lay the nodes with edges out breadth first; a node's edges start where its run does.
        var order: [Node] = [root], starts: [ObjectIdentifier: Int] = [:], next = 0, cursor = 0
        while cursor < order.count {
            let node = order[cursor]; cursor += 1
            starts[ObjectIdentifier(node)] = next
            next += node.children.count
            order += node.children.keys.sorted().map { node.children[$0]! }.filter { !$0.children.isEmpty }
        }
        var bits = 0
        while (1 << bits) < characters { bits += 1 }
        var edges: [UInt64] = []
        for node in order {
            let ids = node.children.keys.sorted()
            for (index, id) in ids.enumerated() {
                let child = node.children[id]!
                let target = child.children.isEmpty ? 0 : starts[ObjectIdentifier(child)]!
                var flags: UInt64 = index == ids.count - 1 ? 1 : 0
                if node.ends.contains(id) { flags |= 4 }
                edges.append(UInt64(id) | flags << UInt64(bits) | UInt64(target) << UInt64(bits + 3))
            }
        }
        var bytes: [UInt8] = [UInt8(truncatingIfNeeded: magic), UInt8(truncatingIfNeeded: magic >> 8)]
        for value in [UInt32(characters), UInt32(edges.count)] { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        for edge in edges { withUnsafeBytes(of: edge.littleEndian) { bytes += $0 } }
        return bytes
    }

    /// Walks `word` through `dawg` from the root: whether every character has an edge and the last ends a word.
    static func holds(_ dawg: SquishedDawg, _ word: [Int]) -> Bool {
        var node: Int? = 0, last: Int? = nil
        for id in word {
            guard let at = node, let edge = dawg.edge(from: at, character: id) else { return false }
            last = edge
            node = dawg.node(after: edge)
        }
        return last.map(dawg.endsWord) ?? false
    }

    @Test("given a dawg built here, when read, then its words are found and others are not")
    func smallDawg() throws {
        let words = [[3, 4, 5], [3, 4], [3, 6, 5], [7], [9, 9, 9, 9]]
        let dawg = try SquishedDawg(ModelBytes(Self.dawgBytes(words, characters: 12), source: "test dawg"),
                                    kind: .words, characters: 12)
        for word in words { #expect(Self.holds(dawg, word), "\(word)") }
        for word in [[3], [3, 6], [4], [9, 9, 9], [3, 4, 5, 5], [8]] { #expect(!Self.holds(dawg, word), "\(word)") }
    }

    @Test("given malformed dawgs, when read, then the error names the source and the field")
    func malformedDawgs() {
        let good = Self.dawgBytes([[1, 2]], characters: 12)
        func failure(_ bytes: [UInt8], characters: Int = 12) -> String? {
            let source = "x.traineddata, component lstm-word-dawg"
            return #expect(throws: ReadingError.self) {
                try SquishedDawg(ModelBytes(bytes, source: source), kind: .words, characters: characters)
            }?.description
        }
        let magic = failure(Self.dawgBytes([[1, 2]], characters: 12, magic: 7))
        #expect(magic?.contains("x.traineddata, component lstm-word-dawg") == true)
        #expect(magic?.contains("magic number") == true)
        #expect(failure(good, characters: 40)?.contains("for 12 characters, the model has 40") == true)
        #expect(failure(Array(good.dropLast(3)))?.contains("edges do not fit") == true)
        var pastEnd = good
        pastEnd[10 + 7] = 0x40   // the first edge's link, high byte: far past the two edges
        #expect(failure(pastEnd)?.contains("past the 2 edges") == true)
    }

    @Test("given eng.traineddata, when its dictionaries are walked, then words, numbers and punctuation are accepted")
    func englishDictionaries() throws {
        let model = try Self.model.get()
        let dictionary = try #require(model.dictionary)
        let table = model.characters
        func accepts(_ text: String) -> Bool {
            var positions = dictionary.start
            var step = WordDictionary.Step(permuter: .none, positions: [], validEnd: false)
            for character in text {
                guard let id = table.characters.firstIndex(of: String(character)) else { return false }
                step = dictionary.read(id, at: positions)
                guard step.permuter != .none else { return false }
                positions = step.positions
            }
            return step.validEnd
        }
        for word in ["below", "lunch", "The", "19.48", "2207", "(below),", "\"lunch\""] {
            #expect(accepts(word), "\(word)")
        }
        for word in ["belaw", "hinch", "belowq", "lunch(("] { #expect(!accepts(word), "\(word)") }
    }

    @Test("given a broken dictionary in a traineddata file, when loaded, then the error names the file and the component")
    func brokenDictionaryComponent() throws {
        var bytes = [UInt8](try #require(FileManager.default.contents(atPath: LineRecognizerTests.traineddata)))
        // The table: a count, then 64-bit offsets; component 19 is lstm-word-dawg. Spoil its magic number.
        let offset = bytes[(4 + 19 * 8)..<(4 + 20 * 8)].reversed().reduce(0) { $0 << 8 | Int($1) }
        bytes[offset] = 41
        let path = NSTemporaryDirectory() + "broken-dawg-\(UUID().uuidString).traineddata"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: ReadingError.self) { try LineRecognizer(traineddata: path) }
        #expect(error?.description.contains("\(path), component lstm-word-dawg") == true)
        #expect(error?.description.contains("magic number is 41") == true)
    }

    @Test("given a word whose one letter the network doubts, when decoded, then greedy reads a non-word and the beam the dictionary word")
    func beamRepairsALetter() throws {
        let model = try Self.model.get()
        let table = model.characters
        // "below", the "o" read a little less likely than "a".
        let steps: [[String: Float]] = [["b": 0.9, "": 0.1], ["": 0.9, "b": 0.1], ["e": 0.95], ["": 0.9],
                                        ["l": 0.9, "": 0.1], ["": 0.9], ["a": 0.5, "o": 0.4, "": 0.1], ["": 0.9],
                                        ["w": 0.9, "": 0.1], ["": 0.95]]
        let outputs = SpaceDecodingTests.outputs(table, steps)
        #expect(table.decode(outputs).text == "belaw")
        let beam = BeamSearch.decode(outputs, table: table, dictionary: model.dictionary, weakSpaces: true)
        #expect(CharacterTable.text(of: beam.characters) == "below")
        // Without a dictionary the beam reads what greedy reads.
        let plain = BeamSearch.decode(outputs, table: table, dictionary: nil, weakSpaces: true)
        #expect(CharacterTable.text(of: plain.characters) == "belaw")
    }

    @Test("given a sure non-word and a sure number, when decoded with the beam, then they are read as they are")
    func beamKeepsSureReads() throws {
        let model = try Self.model.get()
        let table = model.characters
        var steps: [[String: Float]] = []
        for character in "Xqzt 4207" {
            steps.append([String(character): 0.97, "": 0.03])
            steps.append(["": 0.97, String(character): 0.03])
        }
        let beam = BeamSearch.decode(SpaceDecodingTests.outputs(table, steps), table: table,
                                     dictionary: model.dictionary, weakSpaces: true)
        #expect(CharacterTable.text(of: beam.characters) == "Xqzt 4207")
    }

    @Test("given greedy and beam readings, when merged, then letters are repaired inside words and word boundaries, digits and marks stay")
    func repairKeepsWordsDigitsAndMarks() {
        typealias Read = CharacterTable.ReadCharacter
        func reads(_ text: String, from step: Int = 0) -> [Read] {
            text.enumerated().map { Read(text: String($0.element), step: step + 2 * $0.offset) }
        }
        func merged(_ greedy: String, _ beam: String) -> String {
            CharacterTable.text(of: DictionaryRepair.repaired(reads(greedy), by: reads(beam)))
        }
        #expect(merged("it is belaw", "it is below") == "it is below")
        #expect(merged("CHFE 12", "CHF 12") == "CHF 12")
        #expect(merged("g.19", "8.19") == "8.19")
        // The beam's own spaces and dropped words do not count; nor do its changes to digits and marks.
        #expect(merged("https://api", "https: //api") == "https://api")
        #expect(merged("1 in", "  in") == "1 in")
        #expect(merged("B6 1F", "BE iF") == "B6 1F")
        #expect(merged("user.id", "userid") == "user.id")
    }

    @Test("given rendered lines whose greedy reading has a wrong letter, when read with the dictionary beam, then the words are right",
          arguments: [("The menu opened today with delicious details", "Liberation Serif", 9),
                      ("We had lunch in the morning before the mountains", "Liberation Sans", 12),
                      ("It looks like rain below the station", "Liberation Sans", 10)])
    func renderedWordsRepaired(line: String, font: String, size: Int) throws {
        let page = try Pages.text([line], size: size, width: 40 * size, height: 5 * size, font: font)
        // Decoding is the subject: both read the lines of Tesseract's layout (our line finder cuts the 10 px line
        // of this small page apart; a known gap, docs/reading.md "Our own line finder").
        var beamOptions = TextReadingOptions()
        beamOptions.lineFinder = .tesseract
        var greedyOptions = beamOptions
        greedyOptions.dictionaryBeam = false
        let greedy = try TesseractTextStage(options: greedyOptions).read(page.image).text.fullText
        let beam = try TesseractTextStage(options: beamOptions).read(page.image).text.fullText
        #expect(greedy != line, "greedy decoding reads this one right now: \(font) \(size) px")
        #expect(beam == line, "\(font) \(size) px")
    }
}
