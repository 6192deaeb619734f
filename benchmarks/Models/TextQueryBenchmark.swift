import CLIPModel
import ModelEngine

/// Tokenising and embedding one search query with ViT-B/32's text tower.
struct TextQueryBenchmark: Benchmark {
    let encoder: CLIPTextEncoder
    let tokenizer: CLIPTokenizer
    var query: String

    var name: String { "text query \"\(query)\"" }

    mutating func setUp() throws {}

    mutating func run() throws -> Int {
        _ = encoder.embed([tokenizer.encode(query)])
        return 1
    }
}
