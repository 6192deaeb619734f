import ModelEngine

/// A full k×k convolution with stride, TensorFlow "SAME" padding, bias and ReLU6, done as im2col + one matrix
/// product: the input is unrolled into a `(inChannels·k·k) × outPixels` matrix, multiplied by the
/// `outChannels × (inChannels·k·k)` weight. EfficientNet-Lite0 has one, the 3→32 stem.
struct StemConvolution: Sendable {
    let inputChannels: Int
    let outputChannels: Int
    let kernel: Int
    let stride: Int
    /// `outputChannels × (inputChannels · kernel · kernel)`, PyTorch's `[out, in, k, k]` flattened.
    let weight: [Float]
    let bias: [Float]

    /// Reads `<name>.weight` (shape `[out, in, k, k]`) and `<name>.bias` (`[out]`).
    init(weights: some TensorSource, name: String, input: Int, output: Int, kernel: Int, stride: Int) throws {
        inputChannels = input
        outputChannels = output
        self.kernel = kernel
        self.stride = stride
        weight = try weights.tensor(named: "\(name).weight", shape: [output, input, kernel, kernel]).storage
        bias = try weights.tensor(named: "\(name).bias", shape: [output]).storage
    }

    func apply(_ input: FeatureMap) -> FeatureMap {
        precondition(input.channels == inputChannels, "convolution of \(inputChannels) channels got \(input.channels)")
        let vertical = SamePadding(input: input.height, kernel: kernel, stride: stride)
        let horizontal = SamePadding(input: input.width, kernel: kernel, stride: stride)
        let pixels = vertical.output * horizontal.output
        let rows = inputChannels * kernel * kernel
        var columns = [Float](repeating: 0, count: rows * pixels)
        input.values.withUnsafeBufferPointer { source in
            columns.withUnsafeMutableBufferPointer { columns in
                for channel in 0..<inputChannels {
                    let plane = source.baseAddress! + channel * input.planeSize
                    for ky in 0..<kernel {
                        for kx in 0..<kernel {
                            let row = columns.baseAddress! + ((channel * kernel + ky) * kernel + kx) * pixels
                            for outY in 0..<vertical.output {
                                let y = outY * stride + ky - vertical.before
                                guard y >= 0 && y < input.height else { continue }
                                for outX in 0..<horizontal.output {
                                    let x = outX * stride + kx - horizontal.before
                                    if x >= 0 && x < input.width {
                                        row[outY * horizontal.output + outX] = plane[y * input.width + x]
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        var output = FeatureMap(channels: outputChannels, height: vertical.output, width: horizontal.output)
        weight.withUnsafeBufferPointer { weight in
            columns.withUnsafeBufferPointer { columns in
                output.values.withUnsafeMutableBufferPointer { target in
                    BLAS.sgemm(m: outputChannels, n: pixels, k: rows,
                               a: weight.baseAddress!, lda: rows, b: columns.baseAddress!, ldb: pixels,
                               c: target.baseAddress!, ldc: pixels)
                    Activation.relu6.applyWithBias(bias, to: target.baseAddress!, channels: outputChannels, planeSize: pixels)
                }
            }
        }
        return output
    }
}
