import ModelEngine

/// CLIP's text tower: token and position embeddings → causal transformer → the end token's state →
/// projection, giving one L2-normalised vector per text. Reads Hugging Face's `text_model.*` and
/// `text_projection.weight` tensors.
public struct CLIPTextEncoder: Sendable {
    public let config: CLIPConfig
    let tokenEmbedding: Tensor
    let positionEmbedding: Tensor
    let layers: [CLIPEncoderLayer]
    let finalNormWeight: Tensor, finalNormBias: Tensor
    let projection: CLIPLinear
    /// How the linear layers keep their weights: packed at this precision, or nil for OpenBLAS's sgemm.
    public let packing: WeightPrecision?

    /// Loads the text tower. `packing` `.float32` (the default) packs every linear layer once for the
    /// few-row products of a query (same results as sgemm within float rounding, ~3× faster);
    /// `.float16` halves the bytes again at a small loss of precision; `.float16Arithmetic` also multiplies in
    /// half precision (AVX512-FP16; what `TextQueryEmbedder` uses by default there; docs/models.md); nil runs sgemm.
    public init(config: CLIPConfig, weights: any TensorSource, packing: WeightPrecision? = .float32) throws {
        self.config = config
        self.packing = packing
        let text = config.text
        let width = text.transformer.width
        tokenEmbedding = try weights.tensor(named: "text_model.embeddings.token_embedding.weight",
                                            shape: [text.vocabularySize, width])
        positionEmbedding = try weights.tensor(named: "text_model.embeddings.position_embedding.weight",
                                               shape: [text.contextLength, width])
        layers = try (0..<text.transformer.layers).map { index in
            try CLIPEncoderLayer(prefix: "text_model.encoder.layers.\(index)", config: text.transformer,
                                 weights: weights, packing: packing)
        }
        finalNormWeight = try weights.tensor(named: "text_model.final_layer_norm.weight", shape: [width])
        finalNormBias = try weights.tensor(named: "text_model.final_layer_norm.bias", shape: [width])
        projection = CLIPLinear(
            weight: try weights.tensor(named: "text_projection.weight", shape: [config.projectionSize, width]),
            bias: Tensor(zeros: [config.projectionSize]), packing: packing)
    }

    /// Where a text's vector is read: the first end token, or, for checkpoints whose config says the end
    /// token is 2 (written before Hugging Face fixed it), the first largest id — both as the reference does.
    public func poolingIndex(of tokens: [Int]) -> Int {
        if config.text.endTokenID == 2 {
            var best = 0
            for (index, token) in tokens.enumerated() where token > tokens[best] { best = index }
            return best
        }
        return tokens.firstIndex(of: config.text.endTokenID) ?? 0
    }

    /// Embeds a batch of token sequences (start and end tokens included, as `CLIPTokenizer` makes them);
    /// returns [texts, projectionSize], every row of unit length.
    ///
    /// Sequences run only as long as the longest one: with the causal mask, what follows the end token never
    /// reaches it, so this equals running at the full context length. `threads` > 1 splits each packed
    /// layer's outputs over that many threads (lower latency on idle cores; the same results).
    public func embed(_ sequences: [[Int]], threads: Int = 1) -> Tensor {
        let text = config.text
        let width = text.transformer.width
        guard !sequences.isEmpty else { return Tensor(zeros: [0, config.projectionSize]) }
        let length = sequences.map(\.count).max() ?? 0
        precondition(length > 0 && length <= text.contextLength,
                     "CLIP text of \(length) tokens, context holds \(text.contextLength)")
        var hidden = Tensor(zeros: [sequences.count * length, width])
        hidden.storage.withUnsafeMutableBufferPointer { out in
            tokenEmbedding.storage.withUnsafeBufferPointer { tokens in
                positionEmbedding.storage.withUnsafeBufferPointer { positions in
                    for (sequenceIndex, sequence) in sequences.enumerated() {
                        for position in 0..<length {
                            // Padding repeats the last token; it sits after the end token and is masked out.
                            let token = position < sequence.count ? sequence[position] : sequence[sequence.count - 1]
                            precondition(token >= 0 && token < text.vocabularySize, "token id \(token) out of vocabulary")
                            let row = (sequenceIndex * length + position) * width
                            for index in 0..<width {
                                out[row + index] = tokens[token * width + index] + positions[position * width + index]
                            }
                        }
                    }
                }
            }
        }
        // The end token is all that is read: the last block computes only it.
        let pooling = sequences.map(poolingIndex(of:))
        for (index, layer) in layers.enumerated() {
            layer.forward(&hidden, sequences: sequences.count, length: length, causal: true,
                          keeping: index == layers.count - 1 ? pooling : nil, threads: threads)
        }
        var pooled = layers.isEmpty ? hidden.rows(at: pooling, sequenceLength: length) : hidden
        pooled.layerNormalize(weight: finalNormWeight, bias: finalNormBias, epsilon: text.transformer.layerNormEpsilon)
        var embedded = projection.apply(pooled, threads: threads)
        embedded.normalizeRows()
        return embedded
    }
}
