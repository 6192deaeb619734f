import Foundation

/// French words written with their accents, found again from a reading that lost them (`Republique`,
/// `General`) or put a wrong one on (`Républiqué`).
///
/// The words are Debian's French word list (`wfrench`, `/usr/share/dict/french`, 346,000 words and forms), read
/// once per process the first time a French street line asks; without the file nothing is read back. Only words
/// whose folded form (lower case, no diacritics) belongs to a word with diacritics are kept.
///
/// Precision comes first: a word of the list as read is kept (`honore` is a verb form as well as `honoré`), a folded
/// form two accented words share (`pécher`, `pêcher`) is left as read, and a word in capitals throughout is left
/// as read (French capitals often go without their accents).
public struct FrenchWords: Sendable {
    /// The spellings of each folded form that has a spelling with diacritics, the plain one included when the list
    /// has it.
    private let spellings: [String: Set<String>]

    public init<S: Sequence>(words: S) where S.Element == String {
        var spellings: [String: Set<String>] = [:]
        var plain: [String] = []
        for word in words where !word.isEmpty {
            let key = Self.folded(word)
            if key == word { plain.append(word) } else { spellings[key, default: []].insert(word) }
        }
        for word in plain where spellings[word] != nil { spellings[word]!.insert(word) }
        self.spellings = spellings
    }

    /// Where Debian's `wfrench` puts the list.
    public static let listPath = "/usr/share/dict/french"

    /// The list at `listPath`, or nil when it is not installed.
    public static let installed: FrenchWords? = {
        guard let data = FileManager.default.contents(atPath: listPath) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        return FrenchWords(words: text.split(whereSeparator: \.isNewline).map(String.init))
    }()

    /// `word` as the list spells it with its diacritics, keeping a capital first letter; nil when it is a word of
    /// the list as read, in capitals throughout, has no letter to fold, or folds to no accented word or to two.
    public func accented(_ word: String) -> String? {
        let letters = word.filter(\.isLetter)
        guard letters.count >= 2, letters.count == word.count,
              !letters.allSatisfy(\.isUppercase) else { return nil }
        let lower = word.lowercased()
        let key = Self.folded(lower)
        guard let names = spellings[key], !names.contains(lower), names.count == 1, let name = names.first,
              name != key else { return nil }
        guard let first = word.first, first.isUppercase else { return name }
        return name.prefix(1).uppercased() + name.dropFirst()
    }

    /// `text` with each word the list reads back (`accented`) spelt with its diacritics; words joined by a hyphen
    /// are looked at one by one (`Saint-Honore`).
    public func accentsRead(_ text: String) -> String {
        var out = "", word = ""
        func flush() {
            let once = Self.accentedVowelOnce(word)
            out += accented(once) ?? (once != word && isWord(once) ? once : word)
            word = ""
        }
        for character in text {
            if character.isLetter { word.append(character) } else { flush(); out.append(character) }
        }
        flush()
        return out
    }

    /// Whether `word` (a capital first letter allowed) is a word of the list with its diacritics as written.
    func isWord(_ word: String) -> Bool {
        let lower = word.lowercased()
        return spellings[Self.folded(lower)]?.contains(lower) == true
    }

    /// `word` with a vowel the recogniser read twice, plain and then with its accent (`Honoreé` for `Honoré`),
    /// written once: no French word of the list has a vowel followed by the same vowel accented.
    static func accentedVowelOnce(_ word: String) -> String {
        var out: [Character] = []
        for character in word {
            if let previous = out.last, previous.isLetter, previous.isASCII, !character.isASCII,
               folded(String(character)) == String(previous) {
                out[out.count - 1] = character
            } else {
                out.append(character)
            }
        }
        return String(out)
    }

    /// `word` in lower case without diacritics (`œ` and `æ` as two letters).
    static func folded<S: StringProtocol>(_ word: S) -> String {
        var out = ""
        for scalar in word.lowercased().unicodeScalars {
            if scalar.isASCII { out.unicodeScalars.append(scalar); continue }
            switch scalar {
            case "à", "â", "ä", "á", "ã", "å": out += "a"
            case "é", "è", "ê", "ë": out += "e"
            case "î", "ï", "í", "ì": out += "i"
            case "ô", "ö", "ó", "ò", "õ": out += "o"
            case "ù", "û", "ü", "ú": out += "u"
            case "ç": out += "c"
            case "ÿ": out += "y"
            case "ñ": out += "n"
            case "œ": out += "oe"
            case "æ": out += "ae"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
