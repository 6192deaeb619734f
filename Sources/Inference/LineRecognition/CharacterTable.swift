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

    init(characters charactersFile: ModelBytes, recoder: ModelBytes, nullCode: Int) throws(ReadingError) {
        let text = String(decoding: charactersFile.bytes, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard let header = lines.popFirst(), let count = Int(String(header).trimmingWhitespace()), count > 0,
              count <= lines.count else {
            throw .engine("\(charactersFile.source): the first line does not give the number of characters")
        }
        var characters: [String] = []
        for line in lines.prefix(count) {
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
    }

    /// The text of a line from its output probabilities (`steps` rows of `codes` values): the best code at
    /// each step, repeats merged and blanks dropped (greedy CTC decoding), codes joined into characters.
    /// Confidence is the mean probability of the steps that started a character, 0...1.
    func decode(_ probabilities: LineFeatures) -> (text: String, confidence: Double) {
        let codes = probabilities.depth
        guard codes > nullCode else { return ("", 0) }
        var text = ""
        var pending: [Int] = []
        var previous = -1
        var certainty = 0.0, counted = 0
        probabilities.values.withUnsafeBufferPointer { values in
            for step in 0..<probabilities.positions {
                let row = UnsafeBufferPointer(rebasing: values[(step * codes)..<((step + 1) * codes)])
                var best = 0
                for code in 1..<codes where row[code] > row[best] { best = code }
                defer { previous = best }
                guard best != previous, best != nullCode else { continue }
                pending.append(best)
                if let id = byCodes[pending] {
                    text += characters[id]
                    certainty += Double(row[best])
                    counted += 1
                    pending.removeAll()
                } else if pending.count >= longestCode {
                    pending.removeAll()
                }
            }
        }
        let words = text.split(separator: " ")
        return (words.joined(separator: " "), counted > 0 ? certainty / Double(counted) : 0)
    }
}
