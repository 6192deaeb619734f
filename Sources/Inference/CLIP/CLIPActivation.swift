import ModelEngine

/// The non-linearity inside each transformer MLP, as `hidden_act` in config.json names it.
public enum CLIPActivation: String, Sendable {
    /// x·σ(1.702x), what OpenAI's CLIP models use.
    case quickGELU = "quick_gelu"
    /// The exact GELU.
    case gelu = "gelu"

    func apply(to tensor: inout Tensor) {
        switch self {
        case .quickGELU: tensor.applyQuickGELU()
        case .gelu: tensor.applyGELU()
        }
    }
}
