/// Puts the dictionary beam's reading of a line into the greedy reading word by word: a greedy word takes the
/// beam's spelling when exactly one beam word lies over it (by output steps) and that beam word lies over no
/// other greedy word, and keeps its digits and marks. So the beam repairs letters inside words ("belaw" → "below",
/// "CHFE" → "CHF", "g.19" → "8.19") but does not move word boundaries: on the tuning seed the beam's own spaces and merges were mostly wrong in code and
/// values ("https: //", "id= 18784", a leading "1" dropped as cheaper than its weak space), where Tesseract,
/// whose network sees slightly different crops, reads them right.
enum DictionaryRepair {
    typealias Read = CharacterTable.ReadCharacter

    /// A word: its characters' range in the reading, and its first and last output step.
    private struct Word {
        var characters: Range<Int>
        var first: Int, last: Int
    }

    private static func words(_ read: [Read]) -> [Word] {
        var words: [Word] = []
        var start: Int? = nil
        for index in 0...read.count {
            let isSpace = index == read.count || read[index].text == " "
            if isSpace, let begin = start {
                words.append(Word(characters: begin..<index, first: read[begin].step, last: read[index - 1].step))
                start = nil
            } else if !isSpace, start == nil {
                start = index
            }
        }
        return words
    }

    /// Whether the digits and marks of `before` are all in `after`, in order: the beam repairs letters only (on
    /// the tuning seed it read "1F" as "iF", "B6" as "BE", "11A" as "1A", "!=" as "I=", "user.id" as "userid").
    /// A capital right after a digit is kept too, and the beam adds a digit to a word holding letters only in
    /// place of a letter: the number dawg read the codes "16B" as "168", "12A" as "124" and "11A" as "111A" (seat
    /// and gate numbers, label-value and boarding rows), while "g.19" → "8.19" and "/2" → "1/2" still read.
    static func keepsMarks(_ before: [String], _ after: [String]) -> Bool {
        var rest = after[...]
        var previousIsDigit = false
        for character in before {
            let isLetter = character.first?.isLetter ?? true
            let isCapitalAfterDigit = previousIsDigit && isLetter && character.first?.isUppercase == true
            previousIsDigit = character.first?.isNumber ?? false
            guard !isLetter || isCapitalAfterDigit else { continue }
            guard let found = rest.firstIndex(of: character) else { return false }
            rest = rest[(found + 1)...]
        }
        func count(_ characters: [String], _ test: (Character) -> Bool) -> Int {
            characters.filter { $0.first.map(test) ?? false }.count
        }
        // Numbers (no letter) may gain a digit ("/2" → "1/2", "£110.0" → "£110.70"); codes may not.
        guard before.contains(where: { $0.first?.isLetter ?? false }) else { return true }
        let addedDigits = count(after, \.isNumber) - count(before, \.isNumber)
        let lostLetters = count(before, \.isLetter) - count(after, \.isLetter)
        return addedDigits <= max(0, lostLetters)
    }

    /// `greedy` with each word the beam read one-to-one replaced by the beam's spelling.
    static func repaired(_ greedy: [Read], by beam: [Read]) -> [Read] {
        let ours = words(greedy), theirs = words(beam)
        guard !ours.isEmpty, !theirs.isEmpty else { return greedy }
        func overlap(_ a: Word, _ b: Word) -> Bool { a.first <= b.last + 1 && b.first <= a.last + 1 }
        var result: [Read] = []
        var copied = 0
        for word in ours {
            let over = theirs.indices.filter { overlap(word, theirs[$0]) }
            guard over.count == 1, ours.filter({ overlap($0, theirs[over[0]]) }).count == 1 else { continue }
            let replacement = Array(beam[theirs[over[0]].characters])
            let before = greedy[word.characters].map(\.text), after = replacement.map(\.text)
            guard after != before, keepsMarks(before, after) else { continue }
            result += greedy[copied..<word.characters.lowerBound]
            result += replacement
            copied = word.characters.upperBound
        }
        result += greedy[copied...]
        return result
    }

    /// The output steps of the spaces the beam reads between two letters or digits where the greedy reading has
    /// none: "Chai latte", read greedily as `Chailatte` (the network gives the space 0.01-0.1 against the blank),
    /// and by the beam with its space, "latte" being a word. `repaired` does not take them (the beam's own
    /// spaces were mostly wrong in codes and values); `MeasuredSpaces.confirming` keeps those the ink confirms.
    static func splits(_ greedy: [Read], by beam: [Read]) -> [Int] {
        guard beam.count >= 3 else { return [] }
        var steps: [Int] = []
        for index in 1..<(beam.count - 1) where beam[index].text == " " {
            let before = beam[index - 1], after = beam[index + 1]
            guard CharacterTable.joinsWords(before.text), CharacterTable.joinsWords(after.text) else { continue }
            // The greedy reading has a space between the two characters' steps already: nothing to add.
            let joined = !greedy.contains { $0.text == " " && $0.step >= before.step && $0.step <= after.step }
            if joined { steps.append(beam[index].step) }
        }
        return steps
    }
}
