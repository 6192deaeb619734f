/// What the focus meter measures on a luma plane at its normalised size.
public struct FocusStatistics: Sendable, Equatable {
    /// Variance of the 4-neighbour Laplacian over the interior pixels: the sharpness score (higher is sharper).
    public var laplacianVariance: Double
    /// Mean squared gradient (forward differences): how much structure the image has at all.
    public var gradientEnergy: Double
    /// The share of interior pixels whose gradient magnitude exceeds `FocusMeter.edgeLevel`: how much of the
    /// picture is edges or texture rather than flat areas.
    public var edgeDensity: Double
    /// `DetailRatio`: the strongest differences at full size over those at half size, smallest over four
    /// directions; about 1 in focus, towards 0.5 blurred.
    public var detailRatio: Double
    /// The mean of the strongest half-size differences (luma levels): below a few levels there is nothing to judge.
    public var coarseStep: Double

    public init(laplacianVariance: Double, gradientEnergy: Double, edgeDensity: Double, detailRatio: Double = 1,
                coarseStep: Double = 0) {
        self.laplacianVariance = laplacianVariance
        self.gradientEnergy = gradientEnergy
        self.edgeDensity = edgeDensity
        self.detailRatio = detailRatio
        self.coarseStep = coarseStep
    }

    /// Laplacian energy per unit of gradient energy: falls as 1/sigma^2 with blur whatever the contrast or the
    /// amount of content, so a sparse but crisp screenshot scores as high as a busy sharp photo.
    public var edgeSharpness: Double {
        gradientEnergy > 0 ? laplacianVariance / gradientEnergy : 0
    }
}
