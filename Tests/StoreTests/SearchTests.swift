import Captures
import Foundation
import Runner
import Testing
@testable import Store

@Suite("Full-text search")
struct SearchTests {
    func sampleStore(_ location: IndexLocation) throws -> TestIndex {
        let index = try TestIndex(location)
        try index.store.write([
            Records.record("recipes/lasagne.png", text: ["Lasagne recipe", "Preheat the oven to 200°C"]),
            Records.record("shop/shoes.png", text: ["Running shoes", "Add to basket"],
                           labels: [CaptureLabel(name: "screenshot", confidence: 1)]),
            Records.record("holiday/beach.jpg", labels: [CaptureLabel(name: "beach", confidence: 0.9)]),
            Records.record("tickets/train.png", codes: [Records.code("Aztec", Array("TICKET 42".utf8), text: "TICKET 42")]),
            Records.record("notes/resume.png", text: ["Résumé of Zoë"]),
        ])
        return index
    }

    @Test("Search finds text, labels, code text and path words", arguments: IndexLocation.allCases)
    func findsEachField(_ location: IndexLocation) throws {
        let index = try sampleStore(location)
        #expect(try index.store.search("oven").map(\.path) == ["recipes/lasagne.png"])
        #expect(try index.store.search("beach").map(\.path) == ["holiday/beach.jpg"])
        #expect(try index.store.search("ticket").map(\.path) == ["tickets/train.png"])
        #expect(try index.store.search("shop").map(\.path) == ["shop/shoes.png"])
        #expect(try index.store.search("screenshot").map(\.path) == ["shop/shoes.png"])
    }

    @Test("Every word is required; case and accents do not matter; prefix is opt-in")
    func matching() throws {
        let index = try sampleStore(.memory)
        #expect(try index.store.search("RUNNING basket").map(\.path) == ["shop/shoes.png"])
        #expect(try index.store.search("running oven").isEmpty)
        #expect(try index.store.search("resume zoe").map(\.path) == ["notes/resume.png"])
        #expect(try index.store.search("lasag").isEmpty)
        #expect(try index.store.search("lasag", prefix: true).map(\.path) == ["recipes/lasagne.png"])
    }

    @Test("FTS syntax in a query is plain text, never an error")
    func querySyntaxIsText() throws {
        let index = try sampleStore(.memory)
        for query in ["\"", "AND", "NEAR(", "-oven", "col:umn", "*", "   "] {
            #expect(throws: Never.self) { try index.store.search(query) }
        }
        #expect(try index.store.search("\"oven\"").map(\.path) == ["recipes/lasagne.png"])
    }

    @Test("A capture mentioning a word more often ranks first")
    func ranking() throws {
        let store = try IndexStore.inMemory()
        try store.write([Records.record("once.png", text: ["coffee and a long line of other words here"]),
                         Records.record("thrice.png", text: ["coffee coffee coffee"])])
        #expect(try store.search("coffee").map(\.path) == ["thrice.png", "once.png"])
    }
}
