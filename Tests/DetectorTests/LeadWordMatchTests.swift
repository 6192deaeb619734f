@testable import ObjectRules
import Testing

/// The lead classifier looks a word of letters up among the text's letter runs instead of searching the text for
/// it; both must find exactly the same whole words, or leads would change.
@Suite("Lead words: whole-word matching")
struct LeadWordMatchTests {
    static let texts = [
        "add to cart\n$129.00", "the recipe: 200 g flour, bake 20 min", "preheat the oven;bake!", "cartridge in stock",
        "e-book reader", "Ticket-Nr. 42 · gate B", "über café naïve", "bookbook book", "", "  ", "mp3 player", "rsvp—now",
    ]
    static let words = ["cart", "bake", "book", "recipe", "ticket", "gate", "café", "über", "player", "rsvp", "now", "oven",
                        "in", "stock", "flour", "naïve", "cartridge", "reader", "e"]

    @Test("given texts with punctuation, digits, accents and glued words, a letter word is among the letter runs exactly when the search finds it whole")
    func runsAgreeWithTheSearch() {
        for text in Self.texts {
            let lower = text.lowercased()
            let runs = LeadClassifier.letterRuns(lower)
            for word in Self.words {
                #expect(runs.contains(Substring(word)) == LeadClassifier.containsWord(lower, word), "\(word) in \(text)")
            }
        }
    }

    @Test("given a word inside a longer word, it is not found; given it between punctuation, it is")
    func wholeWordsOnly() {
        let runs = LeadClassifier.letterRuns("cartridge;bake!")
        #expect(!runs.contains("cart"))
        #expect(runs.contains("bake"))
        #expect(runs.contains("cartridge"))
    }
}
