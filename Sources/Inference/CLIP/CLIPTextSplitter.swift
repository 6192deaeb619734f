import Foundation

/// CLIP's text clean-up and pre-tokenisation: NFC, runs of white space to one space, lower case, then the
/// split of CLIP's pattern — `<|startoftext|>`, `<|endoftext|>`, the contractions 's 't 're 've 'm 'll 'd,
/// runs of letters, single digits, and runs of anything else that is not white space.
enum CLIPTextSplitter {
    static let specialTokens = ["<|startoftext|>", "<|endoftext|>"]
    private static let contractions = ["'s", "'t", "'re", "'ve", "'m", "'ll", "'d"]

    /// The cleaned-up text.
    static func normalize(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var inSpace = false
        for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.isWhitespace {
                if !inSpace { result.append(" ") }
                inSpace = true
            } else {
                result.append(scalar)
                inSpace = false
            }
        }
        return String(result).lowercased()
    }

    /// The pieces BPE runs on, in order.
    static func split(_ text: String) -> [String] {
        let scalars = Array(normalize(text).unicodeScalars)
        var pieces: [String] = []
        var index = 0
        func startsWith(_ word: String, at position: Int) -> Bool {
            let wordScalars = Array(word.unicodeScalars)
            guard position + wordScalars.count <= scalars.count else { return false }
            return Array(scalars[position..<(position + wordScalars.count)]) == wordScalars
        }
        func piece(_ range: Range<Int>) -> String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[range])
            return String(view)
        }
        scanning: while index < scalars.count {
            let scalar = scalars[index]
            if scalar.properties.isWhitespace {
                index += 1
                continue
            }
            for word in specialTokens + contractions where startsWith(word, at: index) {
                let count = word.unicodeScalars.count
                pieces.append(piece(index..<(index + count)))
                index += count
                continue scanning
            }
            var end = index + 1
            if isLetter(scalar) {
                while end < scalars.count, isLetter(scalars[end]) { end += 1 }
            } else if !isNumber(scalar) {
                while end < scalars.count, !scalars[end].properties.isWhitespace,
                      !isLetter(scalars[end]), !isNumber(scalars[end]) { end += 1 }
            }
            pieces.append(piece(index..<end))
            index = end
        }
        return pieces
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }

    private static func isNumber(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .decimalNumber, .letterNumber, .otherNumber: true
        default: false
        }
    }
}
