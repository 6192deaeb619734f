/// What the network's outputs stand for: Tesseract's LSTM character set (`lstm-unicharset`) and its recoder
/// (`lstm-recoder`), which maps each character to a sequence of output codes. Turns the best code at each step
/// of a line into text.
struct CharacterTable {
    /// The characters by id; id 0 is the space.
    let characters: [String]
    /// Characters by their code sequences.
    private let byCodes: [[Int]: Int]
    /// The longest code sequence of a character.
    private let longestCode: Int
    /// The code that stands for "no character here" (CTC's blank).
    let nullCode: Int
    /// The character each code stands for on its own (-1: none), for the beam search.
    let characterOfCode: [Int32]
    /// Which characters are digits (the character set's property flag 8).
    let digits: [Bool]

    init(characters charactersFile: ModelBytes, recoder: ModelBytes, nullCode: Int) throws(ReadingError) {
        let text = String(decoding: charactersFile.bytes, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard let header = lines.popFirst(), let count = Int(String(header).trimmingWhitespace()), count > 0,
              count <= lines.count else {
            throw .engine("\(charactersFile.source): the first line does not give the number of characters")
        }
        var characters: [String] = []
        var digits: [Bool] = []
        for line in lines.prefix(count) {
            // "<character> <properties, hex> ...": property 8 is "is a digit".
            let fields = line.split(separator: " ", maxSplits: 2)
            digits.append(fields.count > 1 && (Int(fields[1], radix: 16) ?? 0) & 8 != 0)
            guard let first = line.split(separator: " ", maxSplits: 1).first else {
                throw .engine("\(charactersFile.source): character \(characters.count) is an empty line")
            }
            // Tesseract writes the space as "NULL".
            characters.append(first == "NULL" ? " " : String(first))
        }

        var reader = recoder
        let entries = Int(try reader.uint32("the number of recoded characters"))
        guard entries == characters.count else {
            throw reader.failure("\(entries) recoded characters for \(characters.count) characters")
        }
        var byCodes: [[Int]: Int] = [:]
        var longest = 1
        for id in 0..<entries {
            _ = try reader.int8("the normalisation flag of character \(id)")
            let length = try reader.count("the code length of character \(id)", limit: 9)
            var codes: [Int] = []
            for _ in 0..<length { codes.append(Int(try reader.int32("a code of character \(id)"))) }
            // Placeholder characters ("Joined", "|Broken|") recode to the null code: never output.
            guard !codes.isEmpty, codes != [nullCode] else { continue }
            if byCodes[codes] == nil { byCodes[codes] = id }
            longest = max(longest, codes.count)
        }
        guard byCodes[[0]] == 0 else { throw reader.failure("the space does not recode to code 0") }
        self.characters = characters
        self.byCodes = byCodes
        self.longestCode = longest
        self.nullCode = nullCode
        self.digits = digits
        var characterOfCode = [Int32](repeating: -1, count: nullCode + 1)
        for (codes, id) in byCodes where codes.count == 1 && codes[0] >= 0 && codes[0] <= nullCode {
            characterOfCode[codes[0]] = Int32(id)
        }
        self.characterOfCode = characterOfCode
    }

    /// Whether every character is one output code (the beam search reads only such models).
    var singleCodes: Bool { longestCode == 1 }

    /// One character read from a line, with the output step it was read at (spaces included).
    struct ReadCharacter: Equatable {
        var text: String
        var step: Int
    }

    /// A space the greedy path skips is still put between two letters or digits when its probability reaches
    /// this at some step between them (the network often gives the space after a short word such as "4" in
    /// "4 in stock" only 0.1-0.3, behind the blank; Tesseract's beam search with its dictionary keeps it).
    static let weakSpace: Float = 0.1

    /// The text of a line from its output probabilities (`steps` rows of `codes` values): the best code at
    /// each step, repeats merged and blanks dropped (greedy CTC decoding), codes joined into characters.
    /// Confidence is the mean probability of the steps that started a character, 0...1.
    func decode(_ probabilities: LineFeatures) -> (text: String, confidence: Double) {
        let read = decodeCharacters(probabilities)
        return (Self.text(of: read.characters), read.confidence)
    }

    /// The characters joined, runs of spaces collapsed and spaces at the ends dropped.
    static func text(of characters: [ReadCharacter]) -> String {
        characters.map(\.text).joined().split(separator: " ").joined(separator: " ")
    }

    /// The characters of a line read greedily (as `decode`), each with its step, and the confidence.
    /// A weak space (`weakSpace`) between two letters or digits is added at the step its probability peaked.
    func decodeCharacters(_ probabilities: LineFeatures) -> (characters: [ReadCharacter], confidence: Double) {
        let codes = probabilities.depth
        guard codes > nullCode else { return ([], 0) }
        var read: [ReadCharacter] = []
        var pending: [Int] = []
        var previous = -1
        var certainty = 0.0, counted = 0
        // The most probable space among the blank steps since the last character, and its step.
        var skippedSpace: (probability: Float, step: Int) = (0, 0)
        probabilities.values.withUnsafeBufferPointer { values in
            for step in 0..<probabilities.positions {
                let row = UnsafeBufferPointer(rebasing: values[(step * codes)..<((step + 1) * codes)])
                var best = 0
                for code in 1..<codes where row[code] > row[best] { best = code }
                defer { previous = best }
                if best == nullCode, row[0] > skippedSpace.probability { skippedSpace = (row[0], step) }
                guard best != previous, best != nullCode else { continue }
                pending.append(best)
                if let id = byCodes[pending] {
                    let character = characters[id]
                    if id != 0, skippedSpace.probability >= Self.weakSpace, let last = read.last,
                       Self.joinsWords(last.text), Self.joinsWords(character) {
                        read.append(ReadCharacter(text: " ", step: skippedSpace.step))
                    }
                    skippedSpace = (0, 0)
                    read.append(ReadCharacter(text: character, step: step))
                    certainty += Double(row[best])
                    counted += 1
                    pending.removeAll()
                } else if pending.count >= longestCode {
                    pending.removeAll()
                }
            }
        }
        return (read, counted > 0 ? certainty / Double(counted) : 0)
    }

    /// The output codes of a character, or nil if the table has none.
    func codes(of character: String) -> [Int]? {
        guard let id = characters.firstIndex(of: character) else { return nil }
        return byCodes.first { $0.value == id }?.key
    }

    /// Whether a space may be added next to this character: letters and digits only (a space before a
    /// decimal point or after an opening bracket would split what belongs together).
    static func joinsWords(_ character: String) -> Bool {
        guard let first = character.first else { return false }
        return first.isLetter || first.isNumber
    }
}
