/// How much finer the sharpest detail of a picture is than the same picture at half the size: the measure behind
/// the out-of-focus flag (`FocusRule`).
///
/// For each of four directions (horizontal, vertical, both diagonals) it takes the mean of the strongest
/// luma differences between neighbouring pixels, once on the plane and once on the plane halved (2 x 2 means),
/// over the same length of edge (the `strongest` largest differences at half size, twice as many at full size:
/// an edge is a line, twice as long in pixels at full size), and divides the first by the second. An edge in focus changes within a pixel at either size, so
/// the ratio is about 1; an edge blurred over s pixels changes over s at full size and s/2 at half, so the ratio
/// falls towards 0.5. The ratio does not depend on contrast or on how much of the picture has edges: a sharp
/// horizon under a clear sky, fog, snow, or a sharp subject before a blurred background score as sharp as a busy
/// scene, because only the strongest edges count. The smallest of the four directions is kept, so motion blur
/// (which softens edges across its direction only) is caught. Sensor noise adds small differences at full size;
/// averaged away at half size, it raises the ratio only where it rivals the strongest edges.
public enum DetailRatio {
    /// The ratio (smallest over directions) and the mean strongest half-size difference (smallest over
    /// directions too: a plane with nothing to judge has a small one).
    public static func measure(_ plane: LumaPlane, strongest: Int = 50) -> (ratio: Double, coarseStep: Double) {
        guard plane.width >= 4, plane.height >= 4 else { return (1, 0) }
        let half = halved(plane)
        var ratio = Double.infinity, coarseStep = Double.infinity
        for (dx, dy) in [(1, 0), (0, 1), (1, 1), (-1, 1)] {
            let fine = strongestMean(plane, dx: dx, dy: dy, count: 2 * strongest)
            let coarse = strongestMean(half, dx: dx, dy: dy, count: strongest)
            coarseStep = min(coarseStep, coarse)
            ratio = min(ratio, coarse > 0 ? fine / coarse : 1)
        }
        return (ratio, coarseStep)
    }

    /// The plane at half size, each pixel the mean of a 2 x 2 block (an odd last row or column is dropped).
    static func halved(_ plane: LumaPlane) -> LumaPlane {
        let width = plane.width / 2, height = plane.height / 2
        var values = [Float](repeating: 0, count: width * height)
        plane.values.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let top = 2 * y * plane.width, bottom = top + plane.width
                for x in 0..<width {
                    values[y * width + x] = (source[top + 2 * x] + source[top + 2 * x + 1] + source[bottom + 2 * x]
                                             + source[bottom + 2 * x + 1]) / 4
                }
            }
        }
        return LumaPlane(width: width, height: height, values: values)
    }

    /// The mean of the `count` largest absolute differences between each pixel and its neighbour at (dx, dy), in
    /// luma levels per pixel of distance (diagonal steps divided by the square root of 2). Differences are counted
    /// in bins of 1/16 of a level, so one pass finds them; each counts as its bin's middle (within 1/32 of a level).
    static func strongestMean(_ plane: LumaPlane, dx: Int, dy: Int, count: Int) -> Double {
        let binsPerLevel: Float = 16
        let binCount = 256 * Int(binsPerLevel) + 1
        var counts = [Int32](repeating: 0, count: binCount)
        let scale: Float = (dx != 0 && dy != 0 ? 0.70710678 : 1) * binsPerLevel
        let first = dx < 0 ? 1 : 0, last = dx > 0 ? plane.width - dx : plane.width
        counts.withUnsafeMutableBufferPointer { bins in
            plane.values.withUnsafeBufferPointer { values in
                for y in 0..<(plane.height - dy) {
                    let row = values.baseAddress! + y * plane.width
                    let next = values.baseAddress! + (y + dy) * plane.width + dx
                    for x in first..<last {
                        let bin = Int(min(abs(next[x] - row[x]) * scale, Float(binCount - 1)))
                        bins[bin] &+= 1
                    }
                }
            }
        }
        var taken = 0, total = 0.0
        for bin in stride(from: binCount - 1, through: 0, by: -1) where counts[bin] > 0 {
            let take = min(Int(counts[bin]), count - taken)
            total += (Double(bin) + 0.5) / Double(binsPerLevel) * Double(take)
            taken += take
            if taken == count { break }
        }
        return taken > 0 ? total / Double(taken) : 0
    }
}
