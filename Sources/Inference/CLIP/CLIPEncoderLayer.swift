import ModelEngine

/// One pre-norm transformer block of a CLIP tower: x += attention(layer_norm1(x)); x += mlp(layer_norm2(x)).
///
/// The query, key and value projections are stacked into one weight when loading, so each block runs four
/// matrix multiplies over the whole batch plus two small ones per sequence and head.
struct CLIPEncoderLayer: Sendable {
    let config: CLIPTransformerConfig
    let norm1Weight: Tensor, norm1Bias: Tensor
    /// [3·width, width]: query rows, then key rows, then value rows.
    let qkv: CLIPLinear
    let out: CLIPLinear
    let norm2Weight: Tensor, norm2Bias: Tensor
    let fc1: CLIPLinear
    let fc2: CLIPLinear

    /// Loads block `prefix` (e.g. `vision_model.encoder.layers.3`) from Hugging Face tensor names; `packing`
    /// (the text tower) packs the four linear layers for few-row products, nil keeps them for sgemm.
    init(prefix: String, config: CLIPTransformerConfig, weights: any TensorSource,
         packing: WeightPrecision? = nil) throws {
        self.config = config
        let width = config.width, inner = config.intermediateSize
        func load(_ name: String, _ shape: [Int]) throws -> Tensor {
            try weights.tensor(named: "\(prefix).\(name)", shape: shape)
        }
        norm1Weight = try load("layer_norm1.weight", [width])
        norm1Bias = try load("layer_norm1.bias", [width])
        var stacked: [Float] = []
        var stackedBias: [Float] = []
        stacked.reserveCapacity(3 * width * width)
        for projection in ["q_proj", "k_proj", "v_proj"] {
            stacked += try load("self_attn.\(projection).weight", [width, width]).storage
            stackedBias += try load("self_attn.\(projection).bias", [width]).storage
        }
        qkv = CLIPLinear(weight: Tensor(shape: [3 * width, width], storage: stacked),
                         bias: Tensor(shape: [3 * width], storage: stackedBias), packing: packing)
        out = CLIPLinear(weight: try load("self_attn.out_proj.weight", [width, width]),
                         bias: try load("self_attn.out_proj.bias", [width]), packing: packing)
        norm2Weight = try load("layer_norm2.weight", [width])
        norm2Bias = try load("layer_norm2.bias", [width])
        fc1 = CLIPLinear(weight: try load("mlp.fc1.weight", [inner, width]),
                         bias: try load("mlp.fc1.bias", [inner]), packing: packing)
        fc2 = CLIPLinear(weight: try load("mlp.fc2.weight", [width, inner]),
                         bias: try load("mlp.fc2.bias", [width]), packing: packing)
    }

    /// Runs the block on `hidden` ([sequences·length, width]); with `causal`, token i attends only to 0...i.
    ///
    /// With `keeping` (one position per sequence), only those positions' outputs are computed — every
    /// position's keys and values still are — and `hidden` becomes [sequences, width]: the last block of a
    /// tower whose output is read at one position (the class token, the end token) needs no more.
    /// `threads` splits packed layers' outputs (the text tower); sgemm layers use OpenBLAS's setting.
    func forward(_ hidden: inout Tensor, sequences: Int, length: Int, causal: Bool, keeping: [Int]? = nil,
                 threads: Int = 1) {
        var normed = hidden
        normed.layerNormalize(weight: norm1Weight, bias: norm1Bias, epsilon: config.layerNormEpsilon)
        let projected = qkv.apply(normed, threads: threads)
        let context = attention(projected, sequences: sequences, length: length, causal: causal, keeping: keeping)
        if let keeping {
            let width = config.width
            var kept = Tensor(zeros: [sequences, width])
            for (sequence, position) in keeping.enumerated() {
                let source = (sequence * length + position) * width
                kept.storage.replaceSubrange(sequence * width..<(sequence + 1) * width,
                                             with: hidden.storage[source..<(source + width)])
            }
            hidden = kept
        }
        hidden.add(out.apply(context, threads: threads))

        normed = hidden
        normed.layerNormalize(weight: norm2Weight, bias: norm2Bias, epsilon: config.layerNormEpsilon)
        var inner = fc1.apply(normed, threads: threads)
        config.activation.apply(to: &inner)
        hidden.add(fc2.apply(inner, threads: threads))
    }

    /// Multi-head scaled dot-product attention over each sequence; returns [sequences·length, width], or
    /// [sequences, width] for only the `keeping` query positions.
    private func attention(_ qkv: Tensor, sequences: Int, length: Int, causal: Bool, keeping: [Int]?) -> Tensor {
        let width = config.width, headWidth = config.headWidth
        let stride = 3 * width
        let scale = 1 / Float(headWidth).squareRoot()
        let queries = keeping == nil ? length : 1
        var context = Tensor(zeros: [sequences * queries, width])
        var scores = [Float](repeating: 0, count: queries * length)
        qkv.storage.withUnsafeBufferPointer { qkvBuffer in
            context.storage.withUnsafeMutableBufferPointer { contextBuffer in
                scores.withUnsafeMutableBufferPointer { scoreBuffer in
                    guard let base = qkvBuffer.baseAddress, let out = contextBuffer.baseAddress,
                          let score = scoreBuffer.baseAddress else { return }
                    for sequence in 0..<sequences {
                        let rows = sequence * length
                        let firstQuery = keeping?[sequence] ?? 0
                        for head in 0..<config.heads {
                            let column = head * headWidth
                            let key = base + rows * stride + column + width
                            let value = key + width
                            let query = base + (rows + firstQuery) * stride + column
                            // scores = scale · Q Kᵀ
                            BLAS.sgemm(transposeB: true, m: queries, n: length, k: headWidth, alpha: scale,
                                       a: query, lda: stride, b: key, ldb: stride, c: score, ldc: length)
                            for row in 0..<queries {
                                let line = score + row * length
                                let position = firstQuery + row
                                if causal {
                                    Tensor.softmaxInPlace(line, count: position + 1)
                                    for masked in (position + 1)..<length { line[masked] = 0 }
                                } else {
                                    Tensor.softmaxInPlace(line, count: length)
                                }
                            }
                            // context = softmax(scores) · V
                            BLAS.sgemm(m: queries, n: headWidth, k: length,
                                       a: score, lda: length, b: value, ldb: stride,
                                       c: out + sequence * queries * width + column, ldc: width)
                        }
                    }
                }
            }
        }
        return context
    }
}
