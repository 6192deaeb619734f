import ModelEngine
import Testing
@testable import CLIPModel

@Suite("CLIP encoders against transformers' CLIPModel")
struct CLIPEncoderTests {
    let folder = CLIPModelFolder(path: Fixture.modelPath)

    @Test("image vectors from the reference's pixels agree within 1e-4, batched")
    func imageEmbeddingsFromReferencePixels() throws {
        let reference = try Fixture.reference()
        let config = try folder.loadConfig()
        let encoder = try CLIPVisionEncoder(config: config, weights: folder.openWeights())
        let pixels = try (0..<reference.images.count).map { try Fixture.referencePixels(index: $0, size: 32) }
        let embedded = encoder.embed(pixels)
        #expect(embedded.shape == [reference.images.count, 16])
        for (index, expected) in reference.image_embeddings.enumerated() {
            #expect(Fixture.maxDifference(embedded.row(index), expected) < 1e-4, "image \(index)")
        }
    }

    @Test("image vectors from raw images, preprocessing included, agree within 1e-4")
    func imageEmbeddingsEndToEnd() throws {
        let reference = try Fixture.reference()
        let embedder = try CLIPImageEmbedder(folder: folder)
        let images = try reference.images.map(Fixture.image)
        let vectors = try embedder.embed(images)
        for (index, expected) in reference.image_embeddings.enumerated() {
            #expect(Fixture.maxDifference(vectors[index], expected) < 1e-4, "image \(reference.images[index].name)")
            let single = try embedder.embed([images[index]])[0]
            #expect(Fixture.maxDifference(single, vectors[index]) < 1e-5, "batch of one vs batch")
        }
    }

    @Test("text vectors agree within 1e-4, run alone or batched with texts of other lengths")
    func textEmbeddings() throws {
        let reference = try Fixture.reference()
        let embedder = try TextQueryEmbedder(folder: folder, precision: .float32)
        let batched = embedder.embed(reference.texts)
        for (index, expected) in reference.text_embeddings.enumerated() {
            #expect(Fixture.maxDifference(batched[index], expected) < 1e-4, "text: \(reference.texts[index])")
            #expect(Fixture.maxDifference(embedder.embed(reference.texts[index]), expected) < 1e-4)
        }
    }

    @Test("text vectors agree with the reference with sgemm layers, packed Float layers and split over threads")
    func textWeightLayouts() throws {
        let reference = try Fixture.reference()
        let config = try folder.loadConfig()
        let tokenizer = try folder.loadTokenizer(config: config)
        let tokens = reference.texts.map(tokenizer.encode)
        for packing in [nil, WeightPrecision.float32] {
            let encoder = try CLIPTextEncoder(config: config, weights: folder.openWeights(), packing: packing)
            for threads in [1, 2] {
                let vectors = encoder.embed(tokens, threads: threads)
                for (index, expected) in reference.text_embeddings.enumerated() {
                    #expect(Fixture.maxDifference(vectors.row(index), expected) < 1e-4,
                            "\(packing.map(\.rawValue) ?? "sgemm"), \(threads) threads: \(reference.texts[index])")
                }
            }
        }
    }

    @Test("half-precision text weights stay close to the reference but are not exact")
    func halfPrecisionText() throws {
        let reference = try Fixture.reference()
        let embedder = try TextQueryEmbedder(folder: folder, precision: .float16)
        let exact = try TextQueryEmbedder(folder: folder, precision: .float32)
        var worst: Float = 0, worstExact: Float = 0
        for (index, expected) in reference.text_embeddings.enumerated() {
            worst = max(worst, Fixture.maxDifference(embedder.embed(reference.texts[index]), expected))
            worstExact = max(worstExact, Fixture.maxDifference(exact.embed(reference.texts[index]), expected))
        }
        // Rounding every weight to 11 significant bits moves unit vectors by ~1e-4 (docs/models.md).
        #expect(worst < 1e-3)
        #expect(worst > worstExact)
    }

    @Test("vectors have unit length and different images give different vectors")
    func unitLength() throws {
        let reference = try Fixture.reference()
        let vectors = try CLIPImageEmbedder(folder: folder).embed(reference.images.map(Fixture.image))
        for vector in vectors {
            let length = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
            #expect(abs(length - 1) < 1e-5)
        }
        #expect(Fixture.maxDifference(vectors[0], vectors[1]) > 0.01)
    }

    @Test("a legacy config whose end token is 2 pools at the largest id, as the reference does")
    func legacyPooling() throws {
        var config = try folder.loadConfig()
        let encoder = try CLIPTextEncoder(config: config, weights: folder.openWeights())
        #expect(encoder.poolingIndex(of: [707, 5, 708, 708]) == 2)
        #expect(encoder.poolingIndex(of: [707, 5, 9]) == 0)
        config.text.endTokenID = 2
        let legacy = try CLIPTextEncoder(config: config, weights: folder.openWeights())
        #expect(legacy.poolingIndex(of: [707, 5, 708, 708]) == 2)
        #expect(legacy.poolingIndex(of: [3, 5, 9, 1]) == 2)
    }
}
