import Captures

/// Decides from `FocusStatistics` whether a capture is out of focus.
///
/// The flag follows the picture's own sharpest edges, not how many edges it has: `detailRatio` (`DetailRatio`)
/// compares the strongest luma steps at the measuring size with those at half that size, in four directions,
/// and keeps the smallest. In focus it is about 1 whatever the scene (a sharp horizon under an empty sky, fog,
/// snow, night lights, a sharp subject before a blurred background); defocus brings it towards 0.5 in every
/// direction and motion blur in its own. A capture is out of focus when the ratio is below `threshold`, unless
/// its strongest half-size steps are below `minimumStep` luma levels (a plain colour: nothing to judge, not
/// flagged). The threshold comes from a labelled set (docs/fingerprint.md).
public struct FocusRule: Sendable, Equatable {
    public static let defaultThreshold = 0.78
    public static let defaultMinimumStep = 2.0

    /// Detail ratio below which a capture is out of focus.
    public var threshold: Double
    /// The strongest half-size luma steps (levels) below which there is nothing to judge.
    public var minimumStep: Double

    public init(threshold: Double = Self.defaultThreshold, minimumStep: Double = Self.defaultMinimumStep) {
        self.threshold = threshold
        self.minimumStep = minimumStep
    }

    public func isOutOfFocus(_ statistics: FocusStatistics) -> Bool {
        if statistics.coarseStep < minimumStep { return false }
        return statistics.detailRatio < threshold
    }

    /// The stage's output: the Laplacian variance as the sharpness score, and the flag.
    public func measure(_ statistics: FocusStatistics) -> FocusMeasure {
        FocusMeasure(sharpness: statistics.laplacianVariance, outOfFocus: isOutOfFocus(statistics))
    }
}
