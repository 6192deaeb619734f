import Foundation

/// Decides what a capture is from the rule book's lead kinds: a kind applies when at least `minimumWords` of its
/// words appear (whole words, any case) and every object kind it requires was found; the kind with the most
/// evidence (words found, plus two for each required object) wins, the earlier rule on a tie. Its fields are
/// filled from their sources. Same input, same output.
public struct LeadClassifier: Sendable {
    public let book: RuleBook

    public init(book: RuleBook) { self.book = book }

    public func lead(text: String, objects: [DetectedObject]) -> Lead? {
        let lower = text.lowercased()
        let runs = Self.letterRuns(lower)
        let kinds = Set(objects.map(\.kind))
        var best: (rule: RuleBook.LeadRule, score: Int)?
        for rule in book.leads {
            let words = rule.words.filter { word in
                // A word of letters only is whole in the text exactly when it is one of the text's letter runs.
                word.allSatisfy(\.isLetter) ? runs.contains(Substring(word)) : Self.containsWord(lower, word)
            }.count
            guard words >= rule.minimumWords else { continue }
            let needs = rule.requires.map { $0.split(separator: "|").map(String.init) }
            guard needs.allSatisfy({ $0.contains(where: kinds.contains) }) else { continue }
            let score = words + 2 * needs.count
            if score > (best?.score ?? 0) { best = (rule, score) }
        }
        guard let rule = best?.rule else { return nil }
        var fields: [String: String] = [:]
        for (name, source) in rule.fields {
            if let value = Self.value(of: source, text: text, objects: objects) { fields[name] = value }
        }
        return Lead(kind: rule.kind, type: rule.type, fields: fields)
    }

    static func value(of source: String, text: String, objects: [DetectedObject]) -> String? {
        switch source {
        case "title": return title(of: text)
        case "handle":
            return text.split(whereSeparator: { $0.isWhitespace }).first { $0.hasPrefix("@") && $0.count > 2 }.map {
                String($0.trimmingCharacters(in: .punctuationCharacters.subtracting(CharacterSet(charactersIn: "@_"))))
            }
        default:
            let parts = source.split(separator: ".", maxSplits: 1).map(String.init)
            guard let object = objects.first(where: { $0.kind == parts[0] }) else { return nil }
            return parts.count == 2 ? object.fields[parts[1]] : object.value
        }
    }

    /// The first line that reads as a title: letters, not a status bar, a link or a price.
    static func title(of text: String) -> String? {
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            let letters = trimmed.filter(\.isLetter).count
            guard (3...90).contains(trimmed.count), letters * 2 >= trimmed.count,
                  !trimmed.lowercased().hasPrefix("http"), !trimmed.contains("www.") else { continue }
            return trimmed
        }
        return nil
    }

    /// The maximal runs of letters in `text`: the words `containsWord` would find whole there, when made of letters.
    static func letterRuns(_ text: String) -> Set<Substring> {
        Set(text.split(whereSeparator: { !$0.isLetter }))
    }

    static func containsWord(_ text: String, _ word: String) -> Bool {
        var range = text.startIndex..<text.endIndex
        while let found = text.range(of: word, range: range) {
            let before = found.lowerBound == text.startIndex || !text[text.index(before: found.lowerBound)].isLetter
            let after = found.upperBound == text.endIndex || !text[found.upperBound].isLetter
            if before && after { return true }
            range = found.upperBound..<text.endIndex
        }
        return false
    }
}
