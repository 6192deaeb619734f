import Captures

/// Measures how sharp an image is: the variance of the 4-neighbour Laplacian of its luma at a normalised size
/// (long side `longSide`, area-averaged; smaller images are measured as they are), the gradient statistics, and
/// the `DetailRatio` the out-of-focus flag reads.
public struct FocusMeter: Sendable {
    /// The long side images are shrunk to before measuring, so scores compare across sizes.
    public var longSide: Int
    /// Gradient magnitude (luma levels per pixel) above which a pixel counts as an edge for `edgeDensity`.
    public static let edgeLevel: Float = 8

    public init(longSide: Int = 512) {
        precondition(longSide >= 3, "the focus size must be at least 3 pixels")
        self.longSide = longSide
    }

    /// The statistics of `image` at the normalised size.
    public func statistics(of image: RGBImage) -> FocusStatistics {
        let size = LumaPlane.size(fitting: image, longSide: longSide)
        return statistics(of: LumaPlane(areaAveraging: image, width: size.width, height: size.height))
    }

    /// The statistics of a luma plane as it is (no resizing).
    public func statistics(of plane: LumaPlane) -> FocusStatistics {
        let width = plane.width, height = plane.height
        guard width >= 3, height >= 3 else {
            return FocusStatistics(laplacianVariance: 0, gradientEnergy: 0, edgeDensity: 0)
        }
        var sum: Double = 0, sumSquares: Double = 0, gradient: Double = 0
        var edges = 0
        let edgeSquared = SIMD4<Float>(repeating: Self.edgeLevel * Self.edgeLevel)
        plane.values.withUnsafeBufferPointer { values in
            for y in 1..<(height - 1) {
                let row = values.baseAddress! + y * width
                let above = row - width, below = row + width
                // Four pixels a step in SIMD lanes (float sums are not reordered by the compiler on its own).
                var laneSum = SIMD4<Float>(), laneSquares = SIMD4<Float>(), laneGradient = SIMD4<Float>()
                var laneEdges = SIMD4<Int32>()
                var x = 1
                while x + 4 <= width - 1 {
                    let centre = Self.load(row + x), left = Self.load(row + x - 1), right = Self.load(row + x + 1)
                    let up = Self.load(above + x), down = Self.load(below + x)
                    let laplacian = up + down + left + right - 4 * centre
                    laneSum += laplacian
                    laneSquares += laplacian * laplacian
                    let dx = right - centre, dy = down - centre
                    let squared = dx * dx + dy * dy
                    laneGradient += squared
                    laneEdges &+= SIMD4<Int32>(repeating: 0).replacing(with: 1, where: squared .> edgeSquared)
                    x += 4
                }
                var rowSum = laneSum.sum(), rowSquares = laneSquares.sum(), rowGradient = laneGradient.sum()
                var rowEdges = Int(laneEdges.wrappedSum())
                while x < width - 1 {
                    let centre = row[x]
                    let laplacian = above[x] + below[x] + row[x - 1] + row[x + 1] - 4 * centre
                    rowSum += laplacian
                    rowSquares += laplacian * laplacian
                    let dx = row[x + 1] - centre, dy = below[x] - centre
                    let squared = dx * dx + dy * dy
                    rowGradient += squared
                    rowEdges += squared > edgeSquared[0] ? 1 : 0
                    x += 1
                }
                sum += Double(rowSum)
                sumSquares += Double(rowSquares)
                gradient += Double(rowGradient)
                edges += rowEdges
            }
        }
        let count = Double((width - 2) * (height - 2))
        let mean = sum / count
        let detail = DetailRatio.measure(plane)
        return FocusStatistics(laplacianVariance: max(0, sumSquares / count - mean * mean),
                               gradientEnergy: gradient / count, edgeDensity: Double(edges) / count,
                               detailRatio: detail.ratio, coarseStep: detail.coarseStep)
    }

    /// Four consecutive values as one vector (one unaligned load).
    @inline(__always)
    private static func load(_ pointer: UnsafePointer<Float>) -> SIMD4<Float> {
        UnsafeRawPointer(pointer).loadUnaligned(as: SIMD4<Float>.self)
    }
}
