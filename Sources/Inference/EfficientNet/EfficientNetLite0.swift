import ModelEngine

/// EfficientNet-Lite0, the ImageNet classifier the labels stage runs: a 224×224 RGB image in, 1000 class logits
/// out. Batch-norm is already folded into the convolutions by `scripts/classifier-convert.py`.
///
///     input 3×224×224 ─ stem 3×3/2 (32) ─ 16 MBConv blocks ─ head 1×1 (1280) ─ average pool ─ fc (1000)
///
/// Immutable after loading, so one instance serves every worker at once.
public struct EfficientNetLite0: Sendable {
    /// The side of the square input.
    public static let inputSize = 224
    /// How many classes the last layer scores (ImageNet-1k).
    public static let classCount = 1000
    static let stemChannels = 32
    static let headChannels = 1280

    let stem: StemConvolution
    let blocks: [MBConvBlock]
    let head: PointwiseConvolution
    /// `classCount × headChannels`.
    let classifierWeight: [Float]
    let classifierBias: [Float]

    /// Loads every tensor, checking its shape; throws naming the source and the first tensor that is missing
    /// or has another shape.
    public init(weights: some TensorSource) throws {
        stem = try StemConvolution(weights: weights, name: "stem", input: 3, output: Self.stemChannels,
                                   kernel: 3, stride: 2)
        blocks = try MBConvBlockSpec.lite0.enumerated().map { index, spec in
            try MBConvBlock(weights: weights, index: index, spec: spec)
        }
        head = try PointwiseConvolution(weights: weights, name: "head", input: MBConvBlockSpec.lite0.last!.output,
                                        output: Self.headChannels, activation: .relu6)
        classifierWeight = try weights.tensor(named: "fc.weight", shape: [Self.classCount, Self.headChannels]).storage
        classifierBias = try weights.tensor(named: "fc.bias", shape: [Self.classCount]).storage
    }

    /// The 1000 logits for one preprocessed image: a `[3, 224, 224]` tensor (see `ClassifierInput`).
    public func logits(for input: Tensor) -> [Float] {
        precondition(input.shape == [3, Self.inputSize, Self.inputSize],
                     "EfficientNet-Lite0 takes a [3, 224, 224] input, got \(input.shape)")
        var features = stem.apply(FeatureMap(channels: 3, height: Self.inputSize, width: Self.inputSize,
                                             values: input.storage))
        for block in blocks {
            features = block.apply(features)
        }
        features = head.apply(features)
        let pooled = Self.averagePool(features)
        var logits = classifierBias
        classifierWeight.withUnsafeBufferPointer { weight in
            pooled.withUnsafeBufferPointer { pooled in
                logits.withUnsafeMutableBufferPointer { logits in
                    BLAS.sgemm(m: Self.classCount, n: 1, k: Self.headChannels,
                               a: weight.baseAddress!, lda: Self.headChannels, b: pooled.baseAddress!, ldb: 1,
                               beta: 1, c: logits.baseAddress!, ldc: 1)
                }
            }
        }
        return logits
    }

    /// Every tensor the network reads, with its shape, in load order: what a weights file must hold.
    public static var expectedTensors: [(name: String, shape: [Int])] {
        var tensors: [(name: String, shape: [Int])] = [("stem.weight", [stemChannels, 3, 3, 3]), ("stem.bias", [stemChannels])]
        for (index, spec) in MBConvBlockSpec.lite0.enumerated() {
            if spec.expandRatio != 1 {
                tensors += [("blocks.\(index).expand.weight", [spec.expanded, spec.input, 1, 1]),
                            ("blocks.\(index).expand.bias", [spec.expanded])]
            }
            tensors += [("blocks.\(index).depthwise.weight", [spec.expanded, 1, spec.kernel, spec.kernel]),
                        ("blocks.\(index).depthwise.bias", [spec.expanded]),
                        ("blocks.\(index).project.weight", [spec.output, spec.expanded, 1, 1]),
                        ("blocks.\(index).project.bias", [spec.output])]
        }
        let last = MBConvBlockSpec.lite0.last!.output
        tensors += [("head.weight", [headChannels, last, 1, 1]), ("head.bias", [headChannels]),
                    ("fc.weight", [classCount, headChannels]), ("fc.bias", [classCount])]
        return tensors
    }

    /// The mean of each channel's plane.
    static func averagePool(_ features: FeatureMap) -> [Float] {
        let size = features.planeSize
        return features.values.withUnsafeBufferPointer { values in
            (0..<features.channels).map { channel in
                var sum: Float = 0
                for index in (channel * size)..<((channel + 1) * size) { sum += values[index] }
                return sum / Float(size)
            }
        }
    }
}
