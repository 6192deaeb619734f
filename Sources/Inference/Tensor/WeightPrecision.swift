/// How a `PackedLinear` stores its weight and does its arithmetic.
///
/// `float32` keeps the checkpoint's values (results equal a BLAS product within float rounding); `float16`
/// halves the bytes a call streams at the cost of rounding every weight to 11 significant bits (relative
/// error ≤ 2⁻¹¹ per weight); `float16Arithmetic` stores the same half-precision weights (scaled by a power of
/// two) and also multiplies in half precision — inputs rounded to 11 bits, runs of 32 products summed in half
/// precision, those sums added in Float — for twice the multiply-adds per instruction where the CPU has
/// AVX512-FP16 (elsewhere it is emulated exactly, slowly). Measured on CLIP's text tower in docs/models.md.
public enum WeightPrecision: String, Sendable, CaseIterable {
    case float32
    case float16
    case float16Arithmetic
}
