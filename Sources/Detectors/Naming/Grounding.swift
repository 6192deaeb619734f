import Foundation

/// Grounding: a name is kept only when every one of its words appears (as a whole word, ignoring case and
/// accents) in the text read from the capture or in one of its code payloads; otherwise it becomes `unknown`.
/// A model cannot invent a product the capture does not show.
public struct Grounding: Sendable {
    private let words: Set<String>

    /// The words of `input`'s text and code payloads.
    public init(_ input: NamingInput) {
        words = Set(([input.text] + input.codes).flatMap(Self.words(of:)))
    }

    /// `thing`, or the same kind named `unknown` when a word of its name is not in the capture's words (or the name
    /// has no word at all).
    public func ground(_ thing: NamedThing) -> NamedThing {
        let nameWords = Self.words(of: thing.name)
        guard !nameWords.isEmpty, nameWords.allSatisfy(words.contains) else {
            return NamedThing(kind: thing.kind, name: NamedThing.unknown)
        }
        return thing
    }

    /// Lowercased, accent-folded runs of letters and digits.
    static func words(of text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split { !($0.isLetter || $0.isNumber) }
            .map(String.init)
    }
}
