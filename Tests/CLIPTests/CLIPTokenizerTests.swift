import Foundation
import Testing
@testable import CLIPModel

@Suite("CLIP tokenizer against transformers' CLIPTokenizer")
struct CLIPTokenizerTests {
    let folder = CLIPModelFolder(path: Fixture.modelPath)

    @Test("token ids equal the reference's for every fixture text")
    func tokenIDsMatch() throws {
        let reference = try Fixture.reference()
        let tokenizer = try folder.loadTokenizer(config: folder.loadConfig())
        for (text, expected) in zip(reference.texts, reference.token_ids) {
            #expect(tokenizer.encode(text) == expected, "text: \(text)")
        }
    }

    @Test("a long text is cut to the 77-token context, keeping the start and end tokens")
    func truncates() throws {
        let tokenizer = try folder.loadTokenizer(config: folder.loadConfig())
        let ids = tokenizer.encode(String(repeating: "a photo of the beach ", count: 40))
        #expect(ids.count == 77)
        #expect(ids.first == tokenizer.startTokenID && ids.last == tokenizer.endTokenID)
    }

    @Test("case and runs of white space do not change the tokens")
    func cleansText() throws {
        let tokenizer = try folder.loadTokenizer(config: folder.loadConfig())
        #expect(tokenizer.encode("  A   DOG\n\ton the Beach ") == tokenizer.encode("a dog on the beach"))
        #expect(tokenizer.encode("a dog") != tokenizer.encode("a cat"))
    }

    @Test("a merges file with a malformed line is refused, naming the file and line")
    func malformedMerges() throws {
        let copy = try Fixture.modelCopy()
        try "#version: 0.2\nt h\nthis line has three\n".write(toFile: copy + "/merges.txt", atomically: true, encoding: .utf8)
        let broken = CLIPModelFolder(path: copy)
        #expect {
            try broken.loadTokenizer(config: broken.loadConfig())
        } throws: { error in
            guard case .badTokenizer(let file, let reason)? = error as? CLIPError else { return false }
            return file == copy + "/merges.txt" && reason.contains("line 3")
        }
    }
}

/// CLIP's real 49408-token vocabulary is not committed (1.5 MB); scripts/clip-real-tokenizer.py builds it from
/// the PyPI package open_clip_torch and records transformers' ids, which are committed.
@Suite("CLIP tokenizer on CLIP's real vocabulary",
       .enabled(if: ProcessInfo.processInfo.environment["CLIP_REAL_VOCAB"] != nil,
                "set CLIP_REAL_VOCAB to the folder scripts/clip-real-tokenizer.py writes"))
struct CLIPRealVocabularyTests {
    struct Reference: Decodable {
        var texts: [String]
        var token_ids: [[Int]]
    }

    @Test("token ids equal transformers' for every reference text")
    func matchesTransformers() throws {
        let folder = ProcessInfo.processInfo.environment["CLIP_REAL_VOCAB"]!
        let tokenizer = try CLIPTokenizer(vocabularyFile: folder + "/vocab.json", mergesFile: folder + "/merges.txt")
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixture.root + "/real-vocab-token-ids.json"))
        let reference = try JSONDecoder().decode(Reference.self, from: data)
        #expect(reference.texts.count == reference.token_ids.count && reference.texts.count > 10)
        for (text, expected) in zip(reference.texts, reference.token_ids) {
            #expect(tokenizer.encode(text) == expected, "text: \(text)")
        }
    }
}
