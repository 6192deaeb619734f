import Captures

extension ImageVector {
    /// The vector of a capture whose model was not installed: empty model and values. Persist it as "pending"
    /// (no vector yet), not as a vector.
    public static var pending: ImageVector { ImageVector(model: "", values: []) }

    /// Whether this is `pending`: no model made it.
    public var isPending: Bool { model.isEmpty && values.isEmpty }
}
