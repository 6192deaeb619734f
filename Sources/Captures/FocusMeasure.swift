/// How sharp a capture is, and whether it counts as out of focus. The output of the focus stage.
public struct FocusMeasure: Sendable, Equatable {
    /// Higher is sharper (variance of the Laplacian at a normalised size).
    public var sharpness: Double
    public var outOfFocus: Bool

    public init(sharpness: Double, outOfFocus: Bool) {
        self.sharpness = sharpness
        self.outOfFocus = outOfFocus
    }
}
