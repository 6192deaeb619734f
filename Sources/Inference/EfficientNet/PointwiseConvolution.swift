import ModelEngine

/// A 1×1 convolution with bias (batch-norm folded in) and an activation: on CHW activations it is one matrix
/// product, `weight (out × in) · input (in × pixels)`, with no im2col needed.
struct PointwiseConvolution: Sendable {
    let inputChannels: Int
    let outputChannels: Int
    /// `outputChannels × inputChannels`, row-major.
    let weight: [Float]
    let bias: [Float]
    let activation: Activation

    /// Reads `<name>.weight` (shape `[out, in, 1, 1]`) and `<name>.bias` (`[out]`).
    init(weights: some TensorSource, name: String, input: Int, output: Int, activation: Activation) throws {
        inputChannels = input
        outputChannels = output
        weight = try weights.tensor(named: "\(name).weight", shape: [output, input, 1, 1]).storage
        bias = try weights.tensor(named: "\(name).bias", shape: [output]).storage
        self.activation = activation
    }

    func apply(_ input: FeatureMap) -> FeatureMap {
        precondition(input.channels == inputChannels, "1×1 convolution of \(inputChannels) channels got \(input.channels)")
        let pixels = input.planeSize
        return FeatureMap(channels: outputChannels, height: input.height, width: input.width) { target in
            weight.withUnsafeBufferPointer { weight in
                input.values.withUnsafeBufferPointer { source in
                    BLAS.sgemm(m: outputChannels, n: pixels, k: inputChannels,
                               a: weight.baseAddress!, lda: inputChannels,
                               b: source.baseAddress!, ldb: pixels,
                               c: target, ldc: pixels)
                }
            }
            activation.applyWithBias(bias, to: target, channels: outputChannels, planeSize: pixels)
        }
    }
}
