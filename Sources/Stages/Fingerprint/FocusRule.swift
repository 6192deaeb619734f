import Captures

/// Decides from `FocusStatistics` whether a capture is out of focus.
///
/// The score is the variance of the Laplacian at the normalised size; below `threshold` a capture is out of
/// focus. A flat picture (a screenshot with a few lines of crisp text on a plain background, a foggy seascape)
/// has a low variance because it has few edges, not because they are soft, so when fewer than
/// `flatEdgeDensity` of its pixels are edges it is judged by how crisp the edges it has are instead
/// (`FocusStatistics.edgeSharpness` against `flatEdgeSharpness`). The defaults come from measurements on real
/// photos and screenshots (docs/fingerprint.md).
public struct FocusRule: Sendable, Equatable {
    public static let defaultThreshold = 100.0
    public static let defaultFlatEdgeDensity = 0.05
    public static let defaultFlatEdgeSharpness = 1.0

    public var threshold: Double
    public var flatEdgeDensity: Double
    public var flatEdgeSharpness: Double

    public init(threshold: Double = Self.defaultThreshold, flatEdgeDensity: Double = Self.defaultFlatEdgeDensity,
                flatEdgeSharpness: Double = Self.defaultFlatEdgeSharpness) {
        self.threshold = threshold
        self.flatEdgeDensity = flatEdgeDensity
        self.flatEdgeSharpness = flatEdgeSharpness
    }

    public func isOutOfFocus(_ statistics: FocusStatistics) -> Bool {
        if statistics.laplacianVariance >= threshold { return false }
        if statistics.edgeDensity < flatEdgeDensity { return statistics.edgeSharpness < flatEdgeSharpness }
        return true
    }

    public func measure(_ statistics: FocusStatistics) -> FocusMeasure {
        FocusMeasure(sharpness: statistics.laplacianVariance, outOfFocus: isOutOfFocus(statistics))
    }
}
