import ModelEngine
import Testing
@testable import CLIPModel

@Suite("Text-query precisions against the Float text tower")
struct TextQueryPrecisionTests {
    let folder = CLIPModelFolder(path: Fixture.modelPath)

    static func cosine(_ a: [Float], _ b: [Float]) -> Float { zip(a, b).reduce(0) { $0 + $1.0 * $1.1 } }

    @Test("half-precision arithmetic keeps every query within cosine 0.9999 of the Float vector, and near the reference",
          arguments: [false, true])
    func halfArithmetic(batched: Bool) throws {
        let reference = try Fixture.reference()
        let half = try TextQueryEmbedder(folder: folder, precision: .float16Arithmetic)
        let exact = try TextQueryEmbedder(folder: folder, precision: .float32)
        let vectors = batched ? half.embed(reference.texts) : reference.texts.map { half.embed($0) }
        let exactVectors = exact.embed(reference.texts)
        for (index, text) in reference.texts.enumerated() {
            #expect(Self.cosine(vectors[index], exactVectors[index]) > 0.9999, "text: \(text)")
            #expect(Fixture.maxDifference(vectors[index], reference.text_embeddings[index]) < 3e-3, "text: \(text)")
        }
        // Not the Float computation under another name.
        #expect(zip(vectors, exactVectors).contains { Fixture.maxDifference($0, $1) > 1e-6 })
    }

    @Test("the default precision is one whose vectors stay within cosine 0.9999 of the Float model's")
    func defaultPrecision() throws {
        let reference = try Fixture.reference()
        let embedder = try TextQueryEmbedder(folder: folder)
        let exact = try TextQueryEmbedder(folder: folder, precision: .float32)
        for text in reference.texts {
            #expect(Self.cosine(embedder.embed(text), exact.embed(text)) > 0.9999, "text: \(text)")
        }
    }
}
