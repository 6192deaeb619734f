import ModelEngine

/// Embeds search queries with a CLIP model's text half, into the space of the `clip.embed` stage's image
/// vectors: compare by dot product (both are unit length).
public struct TextQueryEmbedder: Sendable {
    public let folder: CLIPModelFolder
    public let tokenizer: CLIPTokenizer
    public let encoder: CLIPTextEncoder
    /// Threads one query's linear layers are split over.
    public let threads: Int

    /// Loads the config, tokenizer and text tensors of `folder`; `precision` is how the text tower's linear
    /// weights are kept (`.float32`: the checkpoint's values; `.float16`: half the bytes, slightly less exact;
    /// `.float16Arithmetic`: half-precision products too); `threads` how many threads one query's linear
    /// layers are split over (results do not depend on it). The default is `defaultPrecision`.
    public init(folder: CLIPModelFolder, precision: WeightPrecision = Self.defaultPrecision, threads: Int = 1) throws {
        self.folder = folder
        self.threads = max(1, threads)
        let config = try folder.loadConfig()
        tokenizer = try folder.loadTokenizer(config: config)
        guard tokenizer.largestID < config.text.vocabularySize else {
            throw CLIPError.badTokenizer(file: folder.file(CLIPModelFolder.vocabularyName), reason:
                "ids up to \(tokenizer.largestID), the model's vocabulary has \(config.text.vocabularySize) (another model's tokenizer?)")
        }
        encoder = try CLIPTextEncoder(config: config, weights: try folder.openWeights(), packing: precision)
    }

    /// The fastest precision on this CPU whose query vectors stay within cosine 0.99999 of the Float model's
    /// (measured in docs/models.md): half-precision arithmetic where the CPU has AVX512-FP16 (a 16-token query
    /// in ~9 instead of ~17 ms of CPU), half-precision weights with AVX-512, the Float weights elsewhere.
    public static var defaultPrecision: WeightPrecision {
        PackedLinear.hasHalfArithmetic ? .float16Arithmetic : PackedLinear.usesAVX512 ? .float16 : .float32
    }

    /// The model name stored with image vectors this query can be compared with.
    public var modelName: String { folder.modelName }

    /// The unit-length vector of one query.
    public func embed(_ query: String) -> [Float] {
        embed([query])[0]
    }

    /// The unit-length vectors of several queries, run as one batch.
    public func embed(_ queries: [String]) -> [[Float]] {
        guard !queries.isEmpty else { return [] }
        let embedded = encoder.embed(queries.map(tokenizer.encode), threads: threads)
        return (0..<queries.count).map { embedded.row($0) }
    }
}
