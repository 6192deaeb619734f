extension WordDictionary {
    /// The LSTM dictionaries of `file` (`lstm-punc-dawg`, `lstm-word-dawg`, `lstm-number-dawg`), or nil if it
    /// has none of them. A file with only some, or with a malformed one, fails naming the component and field.
    init?(_ file: TraineddataFile, characters: CharacterTable) throws(ReadingError) {
        let components: [TraineddataFile.Component] = [.lstmPunctuationDawg, .lstmWordDawg, .lstmNumberDawg]
        let present = components.filter(file.has)
        guard !present.isEmpty else { return nil }
        guard present.count == components.count else {
            let missing = components.filter { !file.has($0) }.map(\.name).joined(separator: ", ")
            throw .engine("\(file.path) has some LSTM dictionaries but not \(missing)")
        }
        let size = characters.characters.count
        self.init(punctuation: try SquishedDawg(try file.component(.lstmPunctuationDawg), kind: .punctuation,
                                                characters: size),
                  words: try SquishedDawg(try file.component(.lstmWordDawg), kind: .words, characters: size),
                  numbers: try SquishedDawg(try file.component(.lstmNumberDawg), kind: .numbers, characters: size),
                  digits: characters.digits)
    }
}
