import Benchmarking
import CLIPModel
import ModelEngine

/// Embedding one search query with ViT-B/32's text tower: tokenising (when given text) and the encoder.
struct TextQueryBenchmark: Benchmark {
    let encoder: CLIPTextEncoder
    let tokenizer: CLIPTokenizer
    /// The query's text, or nil to run `tokens` as they are (a 1-token sequence no text tokenises to).
    var query: String?
    var tokens: [Int]
    var threads = 1

    var name: String { "text query \(query.map { "\"\($0)\"" } ?? "\(tokens)")" }

    func run() throws -> Int {
        _ = encoder.embed([query.map(tokenizer.encode) ?? tokens], threads: threads)
        return 1
    }
}
