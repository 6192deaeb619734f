import CClassifierKernels
import ModelEngine

/// A depthwise k×k convolution (one filter per channel) with TensorFlow "SAME" padding, bias and ReLU6.
///
/// Not a matrix product, so not one sgemm; `cc_depthwise_relu6` (CClassifierKernels) copies each channel once into a
/// zero-padded plane split by column phase, then sums every tap of eight outputs at a time in registers (bias first,
/// taps in row-major order, fused multiply-adds) and clamps: one pass over the output instead of one per tap.
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

    /// The layer's output; `portable` forces the plain C path of the kernel (tests compare the two).
    func apply(_ input: FeatureMap, portable: Bool = false) -> FeatureMap {
        precondition(input.channels == channels, "depthwise convolution of \(channels) channels got \(input.channels)")
        let (kernel, stride) = (self.kernel, self.stride)
        let vertical = SamePadding(input: input.height, kernel: kernel, stride: stride)
        let horizontal = SamePadding(input: input.width, kernel: kernel, stride: stride)
        let (outHeight, outWidth) = (vertical.output, horizontal.output)
        // The kernel zeroes the scratch itself.
        let scratchCount = cc_depthwise_scratch_count(Int32(outHeight), Int32(outWidth), Int32(kernel), Int32(stride))
        var scratch = [Float](unsafeUninitializedCapacity: scratchCount) { _, count in count = scratchCount }
        return FeatureMap(channels: channels, height: outHeight, width: outWidth) { target in
            input.values.withUnsafeBufferPointer { source in
                weight.withUnsafeBufferPointer { weight in
                    bias.withUnsafeBufferPointer { bias in
                        scratch.withUnsafeMutableBufferPointer { scratch in
                            cc_depthwise_relu6(source.baseAddress!, Int32(channels), Int32(input.height),
                                               Int32(input.width), weight.baseAddress!, bias.baseAddress!,
                                               Int32(kernel), Int32(stride), Int32(vertical.before),
                                               Int32(horizontal.before), target, Int32(outHeight), Int32(outWidth),
                                               scratch.baseAddress!, portable ? 1 : 0)
                        }
                    }
                }
            }
        }
    }
}
