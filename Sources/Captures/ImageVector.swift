/// A capture's vector from an image+text model, L2-normalised, so a text query's vector can find it by cosine
/// similarity. The output of the image-vector stage.
public struct ImageVector: Sendable, Equatable {
    /// Which model made it; vectors of different models are not comparable.
    public var model: String
    public var values: [Float]

    public init(model: String, values: [Float]) {
        self.model = model
        self.values = values
    }
}
