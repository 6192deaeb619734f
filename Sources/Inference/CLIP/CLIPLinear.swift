import ModelEngine

/// One linear layer of a CLIP block, kept in the form its tower runs fastest: the image tower's batches of
/// 50–400 rows go through OpenBLAS's sgemm; the text tower's few rows through a `PackedLinear`.
enum CLIPLinear: Sendable {
    case blas(weight: Tensor, bias: Tensor)
    case packed(PackedLinear)

    /// `packing` nil keeps the weight for sgemm; otherwise it is packed once, at that precision.
    init(weight: Tensor, bias: Tensor, packing: WeightPrecision?) {
        if let packing {
            self = .packed(PackedLinear(weight: weight, bias: bias, precision: packing))
        } else {
            self = .blas(weight: weight, bias: bias)
        }
    }

    /// `input` (rows×in) times the weightᵀ plus the bias; a packed layer splits its outputs over `threads`.
    func apply(_ input: Tensor, threads: Int = 1) -> Tensor {
        switch self {
        case .blas(let weight, let bias): input.linear(weight: weight, bias: bias)
        case .packed(let layer): layer.apply(input, threads: threads)
        }
    }
}
