import Foundation

/// Whole-word keyword checks over lowercased text.
enum Words {
    /// Whether `text` (lowercased) contains `word` (lowercased) not as part of a longer word.
    static func contains(_ text: String, _ word: String) -> Bool {
        var searchRange = text.startIndex..<text.endIndex
        while let found = text.range(of: word, range: searchRange) {
            let beforeOK = found.lowerBound == text.startIndex || !isWordCharacter(text[text.index(before: found.lowerBound)])
            let afterOK = found.upperBound == text.endIndex || !isWordCharacter(text[found.upperBound])
            if beforeOK && afterOK { return true }
            searchRange = found.upperBound..<text.endIndex
        }
        return false
    }

    /// Whether `text` contains any of `words` as a whole word.
    static func containsAny(_ text: String, _ words: [String]) -> Bool { words.contains { contains(text, $0) } }

    /// The words of `words` found in `text`.
    static func found(_ text: String, _ words: [String]) -> [String] { words.filter { contains(text, $0) } }

    static func isWordCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber }
}
