/// The shape of one CLIP transformer tower (the image or the text encoder).
public struct CLIPTransformerConfig: Sendable, Equatable {
    /// Width of the residual stream (`hidden_size`).
    public var width: Int
    /// Width of the MLP's hidden layer (`intermediate_size`).
    public var intermediateSize: Int
    public var layers: Int
    public var heads: Int
    public var activation: CLIPActivation
    public var layerNormEpsilon: Float

    public init(width: Int, intermediateSize: Int, layers: Int, heads: Int,
                activation: CLIPActivation = .quickGELU, layerNormEpsilon: Float = 1e-5) {
        self.width = width
        self.intermediateSize = intermediateSize
        self.layers = layers
        self.heads = heads
        self.activation = activation
        self.layerNormEpsilon = layerNormEpsilon
    }

    /// Width of one attention head.
    public var headWidth: Int { width / heads }
}
