import ModelEngine

/// A depthwise k×k convolution (one filter per channel) with TensorFlow "SAME" padding, bias and ReLU6.
///
/// Written directly rather than through BLAS: each channel is copied once into a zero-padded plane, then every
/// output row accumulates `k × k` shifted input rows, an inner loop over contiguous floats the compiler vectorises
/// (stride 1) or a strided one (stride 2).
struct DepthwiseConvolution: Sendable {
    let channels: Int
    let kernel: Int
    let stride: Int
    /// `channels × kernel × kernel`, row-major.
    let weight: [Float]
    let bias: [Float]

    /// Reads `<name>.weight` (shape `[channels, 1, k, k]`) and `<name>.bias` (`[channels]`).
    init(weights: SafetensorsFile, name: String, channels: Int, kernel: Int, stride: Int) throws {
        self.channels = channels
        self.kernel = kernel
        self.stride = stride
        weight = try weights.tensor(named: "\(name).weight", shape: [channels, 1, kernel, kernel]).storage
        bias = try weights.tensor(named: "\(name).bias", shape: [channels]).storage
    }

    /// A layer from weights in memory (tests).
    init(channels: Int, kernel: Int, stride: Int, weight: [Float], bias: [Float]) {
        precondition(weight.count == channels * kernel * kernel && bias.count == channels,
                     "depthwise weights do not fit \(channels) channels of \(kernel)×\(kernel)")
        self.channels = channels
        self.kernel = kernel
        self.stride = stride
        self.weight = weight
        self.bias = bias
    }

    func apply(_ input: FeatureMap) -> FeatureMap {
        precondition(input.channels == channels, "depthwise convolution of \(channels) channels got \(input.channels)")
        let vertical = SamePadding(input: input.height, kernel: kernel, stride: stride)
        let horizontal = SamePadding(input: input.width, kernel: kernel, stride: stride)
        let paddedHeight = input.height + vertical.before + vertical.after
        let paddedWidth = input.width + horizontal.before + horizontal.after
        var output = FeatureMap(channels: channels, height: vertical.output, width: horizontal.output)
        var padded = [Float](repeating: 0, count: paddedHeight * paddedWidth)
        let (kernel, stride) = (self.kernel, self.stride)
        let (outHeight, outWidth) = (vertical.output, horizontal.output)

        input.values.withUnsafeBufferPointer { source in
            output.values.withUnsafeMutableBufferPointer { target in
                padded.withUnsafeMutableBufferPointer { plane in
                    weight.withUnsafeBufferPointer { weight in
                        for channel in 0..<channels {
                            let from = source.baseAddress! + channel * input.planeSize
                            for row in 0..<input.height {
                                let start = (row + vertical.before) * paddedWidth + horizontal.before
                                (plane.baseAddress! + start).update(from: from + row * input.width, count: input.width)
                            }
                            let to = target.baseAddress! + channel * outHeight * outWidth
                            let filter = weight.baseAddress! + channel * kernel * kernel
                            for outRow in 0..<outHeight {
                                let line = to + outRow * outWidth
                                line.initialize(repeating: bias[channel], count: outWidth)
                                for ky in 0..<kernel {
                                    let inputRow = plane.baseAddress! + (outRow * stride + ky) * paddedWidth
                                    for kx in 0..<kernel {
                                        let tap = filter[ky * kernel + kx]
                                        let shifted = inputRow + kx
                                        if stride == 1 {
                                            for x in 0..<outWidth { line[x] += tap * shifted[x] }
                                        } else {
                                            for x in 0..<outWidth { line[x] += tap * shifted[x * stride] }
                                        }
                                    }
                                }
                                for x in 0..<outWidth { line[x] = min(max(line[x], 0), 6) }
                            }
                        }
                    }
                }
            }
        }
        return output
    }
}
