/// How a `PackedLinear` stores its weight.
///
/// `float32` keeps the checkpoint's values (results equal a BLAS product within float rounding); `float16`
/// halves the bytes a call streams at the cost of rounding every weight to 11 significant bits (relative
/// error ≤ 2⁻¹¹ per weight; measured on CLIP's text tower in docs/models.md).
public enum WeightPrecision: String, Sendable, CaseIterable {
    case float32
    case float16
}
