import COpenBLAS
import ModelEngine

/// A depthwise k×k convolution (one filter per channel) with TensorFlow "SAME" padding, bias and ReLU6.
///
/// Not a matrix product, so not one sgemm; instead each channel is copied once into zero-padded phase planes
/// (`PhaseLayout`), where every tap reads a contiguous run: one `saxpy` per tap over the whole output, computed
/// plane-width wide (the few extra columns per row are discarded), then bias-initialised sums go through ReLU6.
struct DepthwiseConvolution: Sendable {
    let channels: Int
    let kernel: Int
    let stride: Int
    /// `channels × kernel × kernel`, row-major.
    let weight: [Float]
    let bias: [Float]

    /// Reads `<name>.weight` (shape `[channels, 1, k, k]`) and `<name>.bias` (`[channels]`).
    init(weights: some TensorSource, name: String, channels: Int, kernel: Int, stride: Int) throws {
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
        let (kernel, stride) = (self.kernel, self.stride)
        let vertical = SamePadding(input: input.height, kernel: kernel, stride: stride)
        let horizontal = SamePadding(input: input.width, kernel: kernel, stride: stride)
        let layout = PhaseLayout(input: input, kernel: kernel, stride: stride, vertical: vertical, horizontal: horizontal)
        let (outHeight, outWidth) = (vertical.output, horizontal.output)
        let span = outHeight * layout.width
        var phases = [Float](repeating: 0, count: stride * stride * layout.planeSize)
        var accumulator = [Float](repeating: 0, count: span)

        return FeatureMap(channels: channels, height: outHeight, width: outWidth) { target in
            input.values.withUnsafeBufferPointer { source in
                phases.withUnsafeMutableBufferPointer { phases in
                    accumulator.withUnsafeMutableBufferPointer { accumulator in
                        weight.withUnsafeBufferPointer { weight in
                            let phases = phases.baseAddress!, sum = accumulator.baseAddress!
                            for channel in 0..<channels {
                                layout.scatter(source.baseAddress! + channel * input.planeSize, rowWidth: input.width,
                                               into: phases)
                                sum.update(repeating: bias[channel], count: span)
                                let filter = weight.baseAddress! + channel * kernel * kernel
                                for (tap, offset) in layout.tapOffsets.enumerated() {
                                    cblas_saxpy(blasint(span), filter[tap], phases + offset, 1, sum, 1)
                                }
                                for index in 0..<span { sum[index] = min(max(sum[index], 0), 6) }
                                let out = target + channel * outHeight * outWidth
                                for row in 0..<outHeight {
                                    (out + row * outWidth).update(from: sum + row * layout.width, count: outWidth)
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
