/// A query's words turned into FTS5 expressions that mean only "these words": every word is cut at what the
/// `unicode61` tokenizer treats as a separator and quoted, so quotes, `*`, `NEAR(`, `-`, `:`, `AND` and column
/// names in a query are plain text and never FTS syntax or an error.
public struct MatchQuery: Sendable, Equatable {
    /// The words, in order, at most `maximumWords` of them, each at most `maximumWordLength` characters.
    public let words: [String]
    /// Whether the last word also matches longer words it starts.
    public let prefix: Bool

    /// Words past this many are ignored (a pasted page is searched by its first words).
    public static let maximumWords = 32
    /// Characters of one word past this many are ignored.
    public static let maximumWordLength = 64

    /// Whether every word is one ASCII token (letters and digits) and none is a prefix: the words whose bm25 the
    /// search can rank from FTS5's statistics (`DeferredRanking`, `ExactRanking`).
    var isPlainWords: Bool {
        !prefix && !words.isEmpty && words.allSatisfy { $0.utf8.allSatisfy { byte in
            (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) } }
    }

    public init(_ query: String, prefix: Bool = false) {
        var words: [String] = []
        var current = ""
        for scalar in query.unicodeScalars {
            if Self.isWordCharacter(scalar) {
                if current.unicodeScalars.count < Self.maximumWordLength { current.unicodeScalars.append(scalar) }
            } else if !current.isEmpty {
                words.append(current)
                current = ""
                if words.count == Self.maximumWords { break }
            }
        }
        if !current.isEmpty, words.count < Self.maximumWords { words.append(current) }
        self.words = words
        self.prefix = prefix
    }

    /// Whether there is no word to search for (an empty query, or only punctuation).
    public var isEmpty: Bool { words.isEmpty }

    /// Every word required, anywhere: `"w1" "w2"*`. Nil without words.
    public var allWords: String? {
        guard !words.isEmpty else { return nil }
        return words.enumerated().map { index, word in
            Self.quoted(word) + (prefix && index == words.count - 1 ? "*" : "")
        }.joined(separator: " ")
    }

    /// The words as one phrase, in order and next to each other: `"w1 w2"`. Nil for fewer than two words.
    public var phrase: String? {
        guard words.count > 1 else { return nil }
        return Self.quoted(words.joined(separator: " "))
    }

    private static func quoted(_ word: String) -> String {
        "\"" + word.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Letters, numbers and private-use characters are word characters for `unicode61`; so are combining marks
    /// (which `remove_diacritics` folds), kept here so "é" written decomposed stays one word.
    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .privateUse,
             .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default:
            return false
        }
    }
}
