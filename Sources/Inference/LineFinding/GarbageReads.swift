/// Tells a read of a photo's row that is garbage (texture read as letters) from one worth keeping: low confidence,
/// a soup of symbols and mixed character classes, or no token that looks like a word or a number. Applied to the
/// rows of photos only (`SceneText`), whose reads a screenshot's rules would keep.
package enum GarbageReads {
    /// The least mean character confidence (0...1) of a kept read.
    package static let minimumConfidence = 0.7
    /// The least confidence of a read whose only word-like token is short (two or three characters).
    package static let shortWordConfidence = 0.85
    /// The largest share of characters that are neither letters, digits nor spaces.
    package static let maximumSymbolShare = 0.25

    /// Whether the read `text`, with mean character confidence `confidence` (0...1), is garbage.
    package static func isGarbage(_ text: String, confidence: Double) -> Bool {
        guard confidence >= minimumConfidence else { return true }
        let characters = text.filter { !$0.isWhitespace }
        guard !characters.isEmpty else { return true }
        let symbols = characters.filter { !($0.isLetter || $0.isNumber) }.count
        guard Double(symbols) <= maximumSymbolShare * Double(characters.count) else { return true }
        let tokens = text.split(whereSeparator: { $0.isWhitespace }).map(trimmed).filter { !$0.isEmpty }
        let plausible = tokens.filter(isPlausible)
        guard let longest = plausible.map(\.count).max() else { return true }
        // Most tokens must look like words or numbers, and one must be longer than a stray pair of letters.
        guard plausible.count * 2 >= tokens.count else { return true }
        return longest < 4 && confidence < shortWordConfidence
    }

    /// The token without the punctuation around it.
    private static func trimmed(_ token: Substring) -> Substring {
        guard let first = token.firstIndex(where: { $0.isLetter || $0.isNumber }),
              let last = token.lastIndex(where: { $0.isLetter || $0.isNumber }) else { return "" }
        return token[first...last]
    }

    /// A word (lower case, upper case or capitalised, with a vowel when longer than three letters), a number
    /// (digits with separators), or a short code of letters then digits ("A12", "No7"); at least two characters.
    static func isPlausible(_ token: Substring) -> Bool {
        guard token.count >= 2 else { return false }
        if token.allSatisfy({ $0.isNumber || ".,:/-".contains($0) }) { return token.contains(where: \.isNumber) }
        let letters = token.prefix(while: \.isLetter)
        let rest = token.dropFirst(letters.count)
        if !rest.isEmpty {
            // Letters then digits: a code or a number with a unit.
            return rest.allSatisfy { $0.isNumber || ".,:/-".contains($0) } && letters.count <= 3
        }
        let word = String(token)
        let lower = word.lowercased(), upper = word.uppercased()
        let caseOK = word == lower || word == upper || (String(word.dropFirst()) == String(lower.dropFirst()))
        guard caseOK else { return false }
        guard word.count > 3 else { return true }
        return lower.contains(where: { "aeiouyàáâäãåèéêëìíîïòóôöõùúûüýÿæøœ".contains($0) })
    }
}
