import COpenBLAS
import ModelEngine

/// A depthwise k×k convolution (one filter per channel) with TensorFlow "SAME" padding, bias and ReLU6.
///
/// Not a matrix product, so not one sgemm; instead every tap is one long `saxpy` over contiguous floats. Each channel is copied once into zero-padded *phase planes*: for stride s, s×s planes
/// where plane (py, px) holds padded pixel (py + s·r, px + s·c) at (r, c). Output (y, x) with tap (ky, kx) then
/// reads plane (ky mod s, kx mod s) at (y + ky/s, x + kx/s), so each tap is one multiply-add over the whole
/// output computed `phaseWidth` wide (the few extra columns per row are discarded).
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
        let phaseHeight = (input.height + vertical.before + vertical.after + stride - 1) / stride
        let phaseWidth = (input.width + horizontal.before + horizontal.after + stride - 1) / stride
        let phaseSize = phaseHeight * phaseWidth + kernel  // slack: the last row's discarded columns read past it
        let (outHeight, outWidth) = (vertical.output, horizontal.output)
        let span = outHeight * phaseWidth
        var phases = [Float](repeating: 0, count: stride * stride * phaseSize)
        var accumulator = [Float](repeating: 0, count: span)

        return FeatureMap(channels: channels, height: outHeight, width: outWidth) { target in
            input.values.withUnsafeBufferPointer { source in
                phases.withUnsafeMutableBufferPointer { phases in
                    accumulator.withUnsafeMutableBufferPointer { accumulator in
                        weight.withUnsafeBufferPointer { weight in
                            let phases = phases.baseAddress!, sum = accumulator.baseAddress!
                            for channel in 0..<channels {
                                scatter(source.baseAddress! + channel * input.planeSize, input: input,
                                        into: phases, vertical: vertical, horizontal: horizontal,
                                        phaseWidth: phaseWidth, phaseSize: phaseSize)
                                sum.update(repeating: bias[channel], count: span)
                                let filter = weight.baseAddress! + channel * kernel * kernel
                                for ky in 0..<kernel {
                                    for kx in 0..<kernel {
                                        let tap = filter[ky * kernel + kx]
                                        let plane = phases + ((ky % stride) * stride + kx % stride) * phaseSize
                                        let shifted = plane + (ky / stride) * phaseWidth + kx / stride
                                        cblas_saxpy(blasint(span), tap, shifted, 1, sum, 1)
                                    }
                                }
                                for index in 0..<span { sum[index] = min(max(sum[index], 0), 6) }
                                let out = target + channel * outHeight * outWidth
                                for row in 0..<outHeight {
                                    (out + row * outWidth).update(from: sum + row * phaseWidth, count: outWidth)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Copies one channel into its phase planes; the padding cells stay zero from the first channel on, because
    /// every channel writes the same interior cells.
    private func scatter(_ plane: UnsafePointer<Float>, input: FeatureMap, into phases: UnsafeMutablePointer<Float>,
                         vertical: SamePadding, horizontal: SamePadding, phaseWidth: Int, phaseSize: Int) {
        let stride = self.stride
        for y in 0..<input.height {
            let paddedY = y + vertical.before
            let row = plane + y * input.width
            let phaseRow = phases + (paddedY % stride) * stride * phaseSize + (paddedY / stride) * phaseWidth
            if stride == 1 {
                (phaseRow + horizontal.before).update(from: row, count: input.width)
            } else {
                // Input columns x with (x + before) mod stride == phase go, in order, to consecutive cells.
                for phase in 0..<stride {
                    let first = ((phase - horizontal.before) % stride + stride) % stride
                    guard first < input.width else { continue }
                    let target = phaseRow + phase * phaseSize + (first + horizontal.before) / stride
                    let count = (input.width - first + stride - 1) / stride
                    var from = row + first
                    for index in 0..<count {
                        target[index] = from.pointee
                        from += stride
                    }
                }
            }
        }
    }
}
