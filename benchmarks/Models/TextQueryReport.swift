import Benchmarking
import CLIPModel
import Foundation
import ModelEngine

/// The text-query section: latency of one query with each weight precision of the packed text tower (ratios
/// to the Float layers measured in the same run), and how far the faster precisions move the query vector
/// from the Float one — on the full-size random-weight config and on the tiny reference fixture.
struct TextQueryReport {
    let config: CLIPConfig
    let tokenizer: CLIPTokenizer
    let runs: Int
    let cores: Int

    static let precisions: [WeightPrecision] = [.float32, .float16, .float16Arithmetic]

    static func format(_ value: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", value) }

    /// Runs the section; returns the latency comparisons (for the JSON report).
    func run(fixtureFolder: String) async throws -> [Comparison] {
        let encoders = try Self.precisions.map {
            try CLIPTextEncoder(config: config, weights: RandomTensors(), packing: $0)
        }
        let defaultPrecision = TextQueryEmbedder.defaultPrecision
        print("\nCLIP ViT-B/32 text tower, one query; packed kernel: \(PackedLinear.usesAVX512 ? "AVX-512" : "portable C"); "
              + "half-precision arithmetic: \(PackedLinear.hasHalfArithmetic ? "AVX512-FP16" : "emulated (slow)"); "
              + "the query embedder's default: \(defaultPrecision.rawValue)")
        let long = "a photo of a dog on the beach at sunset"
        let longest = "a blurry photo of two brown dogs playing with a ball on the beach"
        let queries: [(label: String, query: String?, tokens: [Int])] = [
            ("(end token alone)", nil, [config.text.vocabularySize - 1]),
            ("dog", "dog", tokenizer.encode("dog")),
            (long, long, tokenizer.encode(long)),
            (longest, longest, tokenizer.encode(longest)),
        ]
        fidelity(encoders: encoders, queries: queries)
        try ranking(encoders: encoders)
        try fixture(folder: fixtureFolder)
        return await latency(encoders: encoders, queries: queries)
    }

    /// Max abs difference and cosine of each precision's unit vector to the Float layers' vector.
    func fidelity(encoders: [CLIPTextEncoder], queries: [(label: String, query: String?, tokens: [Int])]) {
        print("\nAgreement with the Float layers on random full-size weights (unit vectors; max abs difference, cosine):")
        print("| tokens | query | " + Self.precisions.dropFirst().map { "\($0.rawValue) max diff | cosine" }
            .joined(separator: " | ") + " |")
        print("| ---: | --- |" + String(repeating: " ---: | ---: |", count: Self.precisions.count - 1))
        for (label, _, tokens) in queries {
            let reference = encoders[0].embed([tokens]).row(0)
            let cells = encoders.dropFirst().map { encoder -> String in
                let vector = encoder.embed([tokens]).row(0)
                return "\(String(format: "%.2e", Self.maxDifference(vector, reference))) | "
                    + "\(String(format: "%.8f", Self.dot(vector, reference)))"
            }
            print("| \(tokens.count) | \(label) | " + cells.joined(separator: " | ") + " |")
        }
    }

    /// Top-10 neighbours of 200 query vectors in two vector sets, with the Float query and with each faster one.
    func ranking(encoders: [CLIPTextEncoder]) throws {
        let subjects = ["dog", "cat", "car", "red bicycle", "mountain lake", "birthday cake", "city skyline",
                        "receipt", "screenshot of a chat", "old man", "two children", "snowy forest", "sailboat",
                        "plate of pasta", "wedding dress", "concert crowd", "green parrot", "train station",
                        "laptop on a desk", "sunflower field"]
        let settings = ["a photo of a", "a blurry picture of a", "a close-up of a", "a drawing of a",
                        "an old photo of a", "a bright photo of the", "a dark photo of the", "a cropped photo of a",
                        "a photo of a small", "a photo of a large"]
        let texts = settings.flatMap { setting in subjects.map { "\(setting) \($0)" } }
        let tokens = texts.map(tokenizer.encode)
        let vectors = encoders.map { encoder in
            stride(from: 0, to: tokens.count, by: 50).flatMap { start in
                let batch = encoder.embed(Array(tokens[start..<min(start + 50, tokens.count)]))
                return (0..<batch.shape[0]).map { batch.row($0) }
            }
        }
        // Set 1: the other texts' Float vectors. Set 2: 10,000 random unit vectors (stand-ins for images).
        var state: UInt64 = 42
        let random = (0..<10_000).map { _ -> [Float] in
            let raw = (0..<config.projectionSize).map { _ -> Float in
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return Float(Int64(bitPattern: state) >> 11) / Float(1 << 52)
            }
            let length = Self.dot(raw, raw).squareRoot()
            return raw.map { $0 / length }
        }
        print("\nTop-10 neighbours of \(texts.count) queries (\"a photo of a dog\"…), Float query vs each precision:")
        print("| precision | set | same top-10, same order | same top-10 set | largest Float score gap between items that changed places | smallest gap in the Float top-10s |")
        print("| --- | --- | ---: | ---: | ---: | ---: |")
        for (index, precision) in Self.precisions.enumerated().dropFirst() {
            for (setName, set) in [("the 200 texts' Float vectors", vectors[0]), ("10,000 random unit vectors", random)] {
                var sameOrder = 0, sameSet = 0
                var swapGap: Float = 0, gap = Float.infinity
                for query in 0..<texts.count {
                    let exact = Self.topTen(vectors[0][query], in: set)
                    let other = Self.topTen(vectors[index][query], in: set)
                    if exact.map(\.index) == other.map(\.index) { sameOrder += 1 }
                    if Set(exact.map(\.index)) == Set(other.map(\.index)) { sameSet += 1 }
                    for (a, b) in zip(exact, other) where a.index != b.index {
                        swapGap = max(swapGap, abs(a.score - Self.dot(vectors[0][query], set[b.index])))
                    }
                    for pair in zip(exact, exact.dropFirst()) { gap = min(gap, pair.0.score - pair.1.score) }
                }
                print("| \(precision.rawValue) | \(setName) | \(sameOrder) / \(texts.count) | \(sameSet) / \(texts.count) | "
                      + "\(String(format: "%.1e", swapGap)) | \(String(format: "%.1e", gap)) |")
            }
        }
    }

    /// The fixture's texts through `TextQueryEmbedder` at each precision against the Float one and the reference.
    func fixture(folder path: String) throws {
        struct Reference: Decodable { var texts: [String]; var text_embeddings: [[Float]] }
        let reference = try JSONDecoder().decode(
            Reference.self, from: Data(contentsOf: URL(fileURLWithPath: path + "/../reference.json")))
        let folder = CLIPModelFolder(path: path)
        let embedders = try Self.precisions.map { try TextQueryEmbedder(folder: folder, precision: $0) }
        let exact = embedders[0].embed(reference.texts)
        print("\nTiny reference fixture (\(reference.texts.count) texts), worst over the texts:")
        print("| precision | max abs difference to Float | lowest cosine to Float | max abs difference to transformers |")
        print("| --- | ---: | ---: | ---: |")
        for (index, embedder) in embedders.enumerated() {
            let vectors = index == 0 ? exact : embedder.embed(reference.texts)
            let toFloat = zip(vectors, exact).map { Self.maxDifference($0, $1) }.max() ?? 0
            let cosine = zip(vectors, exact).map { Self.dot($0, $1) }.min() ?? 1
            let toReference = zip(vectors, reference.text_embeddings).map { Self.maxDifference($0, $1) }.max() ?? 0
            print("| \(Self.precisions[index].rawValue) | \(String(format: "%.2e", toFloat)) | "
                  + "\(String(format: "%.8f", cosine)) | \(String(format: "%.2e", toReference)) |")
        }
    }

    /// Wall and CPU milliseconds per query, with the ratio to the Float layers on the same query and threads
    /// (shared harness: the precisions alternate round by round; ratios are medians of the per-round ratios).
    func latency(encoders: [CLIPTextEncoder], queries: [(label: String, query: String?, tokens: [Int])]) async -> [Comparison] {
        var all: [Comparison] = []
        print("\n| threads | linear layers | tokens | query | median ms | p95 ms | CPU ms (median) | ratio to float32: wall | CPU |")
        print("| ---: | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |")
        for threads in Set([1, cores]).sorted() {
            for (label, query, tokens) in queries {
                let benchmarks = encoders.map { encoder in
                    TextQueryBenchmark(encoder: encoder, tokenizer: tokenizer, query: query, tokens: tokens,
                                       threads: threads)
                }
                guard let comparisons = try? await Comparison.measure(baseline: benchmarks[0],
                                                                      candidates: Array(benchmarks.dropFirst()),
                                                                      runs: max(runs, 20)) else { continue }
                let rows = [(comparisons.first?.baseline, nil as Comparison?)] + comparisons.map { ($0.candidate, $0) }
                for (index, (result, comparison)) in rows.enumerated() {
                    guard let result else { continue }
                    print("| \(threads) | \(Self.precisions[index].rawValue) | \(tokens.count) | \(label) | "
                          + "\(Self.format(result.median, 2)) | \(Self.format(result.p95, 2)) | "
                          + "\(Self.format(result.cpuMedian, 2)) | \(Self.format(comparison?.wallRatio ?? 1, 2)) | "
                          + "\(Self.format(comparison?.cpuRatio ?? 1, 2)) |")
                }
                all += comparisons
            }
        }
        return all
    }

    /// Summed in Double, so the cosine of two unit vectors does not come out above 1 from Float rounding.
    static func dot(_ a: [Float], _ b: [Float]) -> Float {
        Float(zip(a, b).reduce(0.0) { $0 + Double($1.0) * Double($1.1) })
    }

    static func maxDifference(_ a: [Float], _ b: [Float]) -> Float { zip(a, b).map { abs($0 - $1) }.max() ?? 0 }

    /// The ten best-scoring entries of `set` for `query`, best first.
    static func topTen(_ query: [Float], in set: [[Float]]) -> [(index: Int, score: Float)] {
        Array(set.enumerated().map { (index: $0.offset, score: dot(query, $0.element)) }
            .sorted { $0.score > $1.score }.prefix(10))
    }
}
