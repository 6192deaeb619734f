import ContentDigest

/// BIP-39 recovery phrases: 12, 15, 18, 21 or 24 words of the English list whose last bits are the SHA-256
/// checksum of the rest. Words may be numbered ("1. abandon") and spread over lines, as wallets show them.
public enum RecoveryPhrase {
    static let index: [String: Int] = Dictionary(uniqueKeysWithValues: BIP39Words.english.enumerated().map { ($1, $0) })

    /// Whether `words` (lowercased) are a BIP-39 phrase with a valid checksum.
    public static func isValid(_ words: [String]) -> Bool {
        guard [12, 15, 18, 21, 24].contains(words.count) else { return false }
        var bits: [Bool] = []
        for word in words {
            guard let value = index[word] else { return false }
            for shift in stride(from: 10, through: 0, by: -1) { bits.append(value >> shift & 1 == 1) }
        }
        let checksumBits = words.count / 3
        let entropyBits = bits.count - checksumBits
        var entropy = [UInt8](repeating: 0, count: entropyBits / 8)
        for (position, bit) in bits.prefix(entropyBits).enumerated() where bit {
            entropy[position / 8] |= 0x80 >> UInt8(position % 8)
        }
        let digest = SHA256.digest(of: entropy)
        for position in 0..<checksumBits {
            let expected = digest[position / 8] & (0x80 >> UInt8(position % 8)) != 0
            if bits[entropyBits + position] != expected { return false }
        }
        return true
    }

    /// Words that name a recovery phrase. Without one of them in the text, only a numbered list of words counts:
    /// the list is 2,048 everyday words and the checksum only 4 to 8 bits, so in plain prose (an article, a menu)
    /// some window of 12 list words passes the checksum by chance.
    static let contextWords = ["recovery", "seed phrase", "secret phrase", "mnemonic", "backup phrase", "wallet"]

    /// The runs of list words in `text` (punctuation skipped), each with how many numbers stood inside it ("1.").
    static func runs(in text: String) -> [(words: [String], numbered: Int)] {
        var runs: [(words: [String], numbered: Int)] = []
        var current: [String] = []
        var numbered = 0
        for token in text.lowercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
            let read = String(token)
            if isNumbering(read) {      // "1." numbering, also as OCR reads it ("1l.", "l0.")
                if !current.isEmpty { numbered += 1 }
                continue
            }
            if let word = listWord(read) {
                current.append(word)
            } else {
                if current.count >= 12 { runs.append((current, numbered)) }
                current = []
                numbered = 0
            }
        }
        if current.count >= 12 { runs.append((current, numbered)) }
        return runs
    }

    /// The list word `token` is, as OCR reads list words: itself; with look-alike digits read as the letters they
    /// stand for (`z0o`, `5ister`); with a letter repeated by the recogniser on a short line (`zoooo`) cut back to
    /// two or one. Nil when no such reading is a list word.
    static func listWord(_ token: String) -> String? {
        if index[token] != nil { return token }
        let letters = String(token.map { lookAlikes[$0] ?? $0 })
        guard letters.allSatisfy(\.isLetter) else { return nil }
        if index[letters] != nil { return letters }
        for keep in [2, 1] {
            var cut = ""
            var run = 0
            for character in letters {
                run = cut.last == character ? run + 1 : 1
                if run <= keep { cut.append(character) }
            }
            if cut != letters, index[cut] != nil { return cut }
        }
        return nil
    }

    /// A word's number in a list as OCR reads it: digits, or up to three characters of digits and their letter
    /// look-alikes with at least one digit (`1l`, `l0`, `I2`).
    static func isNumbering(_ token: String) -> Bool {
        if token.allSatisfy(\.isNumber) { return true }
        return token.count <= 3 && token.contains(where: \.isNumber)
            && token.allSatisfy { $0.isNumber || "lio".contains($0) }
    }

    static let lookAlikes: [Character: Character] = ["0": "o", "1": "l", "5": "s", "8": "b", "2": "z", "6": "g"]

    /// A phrase of valid length and checksum inside `text` (any window of a run of list words, when the text names
    /// a recovery phrase or numbers the words), or nil.
    public static func find(in text: String) -> Int? {
        let lowered = text.lowercased()
        let named = contextWords.contains { lowered.contains($0) }
        for run in runs(in: text) where named || run.numbered * 2 >= run.words.count - 1 {
            let words = run.words
            for length in [24, 21, 18, 15, 12] where words.count >= length {
                for start in 0...(words.count - length) where isValid(Array(words[start..<start + length])) {
                    return length
                }
            }
        }
        return nil
    }
}
