import Captures

/// Decides from `FocusStatistics` whether a capture is out of focus.
///
/// The variance of the Laplacian alone cannot tell a soft picture from a flat one: a screenshot with a few
/// lines of crisp text on a plain background, a foggy seascape or smooth digital art score as low as a blurred
/// photo, because they have few edges, not soft ones. So the flag looks at how crisp the edges a picture has
/// are: `FocusStatistics.edgeSharpness`, Laplacian energy per unit of gradient energy, which falls as
/// 1/sigma^2 with blur whatever the contrast or the amount of content. A capture is out of focus when its edge
/// sharpness is below `threshold`, unless its Laplacian variance reaches `sharpVariance` (plenty of fine
/// detail) or it has no structure at all to judge (`gradientEnergy` below `minimumGradientEnergy`, a plain
/// colour). The defaults come from measurements on real photos, artwork and screenshots (docs/fingerprint.md).
public struct FocusRule: Sendable, Equatable {
    public static let defaultThreshold = 1.2
    public static let defaultSharpVariance = 300.0
    public static let defaultMinimumGradientEnergy = 0.01

    /// Edge sharpness below which a capture is out of focus.
    public var threshold: Double
    /// Laplacian variance from which a capture counts as sharp whatever its edge sharpness.
    public var sharpVariance: Double
    /// Mean squared gradient below which there is nothing to judge and the capture is not flagged.
    public var minimumGradientEnergy: Double

    public init(threshold: Double = Self.defaultThreshold, sharpVariance: Double = Self.defaultSharpVariance,
                minimumGradientEnergy: Double = Self.defaultMinimumGradientEnergy) {
        self.threshold = threshold
        self.sharpVariance = sharpVariance
        self.minimumGradientEnergy = minimumGradientEnergy
    }

    public func isOutOfFocus(_ statistics: FocusStatistics) -> Bool {
        if statistics.gradientEnergy < minimumGradientEnergy { return false }
        if statistics.laplacianVariance >= sharpVariance { return false }
        return statistics.edgeSharpness < threshold
    }

    /// The stage's output: the Laplacian variance as the sharpness score, and the flag.
    public func measure(_ statistics: FocusStatistics) -> FocusMeasure {
        FocusMeasure(sharpness: statistics.laplacianVariance, outOfFocus: isOutOfFocus(statistics))
    }
}
