/// TensorFlow's "SAME" padding along one axis: the output has `ceil(input / stride)` positions and the padding
/// the kernel needs is split with the odd pixel at the end (bottom or right).
///
/// EfficientNet-Lite was trained in TensorFlow, so a stride-2 3×3 convolution on 224 pixels pads 0 before and 1
/// after, not 1 and 1 as PyTorch's symmetric padding would; getting this wrong shifts every feature by a pixel.
struct SamePadding: Equatable {
    var output: Int
    var before: Int
    var after: Int

    init(input: Int, kernel: Int, stride: Int) {
        precondition(input > 0 && kernel > 0 && stride > 0, "SamePadding(input: \(input), kernel: \(kernel), stride: \(stride))")
        output = (input + stride - 1) / stride
        let total = max((output - 1) * stride + kernel - input, 0)
        before = total / 2
        after = total - before
    }
}
