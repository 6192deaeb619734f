/// The filter taps that resample one axis from a source span to `outputSize` samples with a triangle (linear)
/// filter widened by the scale factor when shrinking, so every source pixel contributes (no aliasing).
struct ResampleWeights: Sendable {
    /// For output sample `i`: the first source index and its normalised weights.
    var starts: [Int]
    var weights: [[Float]]

    /// Samples the source span `origin ..< origin + length` (in source pixels, fractional) of an axis of
    /// `sourceSize` pixels.
    init(sourceSize: Int, origin: Double, length: Double, outputSize: Int) {
        precondition(sourceSize > 0 && outputSize > 0 && length > 0, "ResampleWeights of an empty axis")
        let scale = length / Double(outputSize)
        let support = max(scale, 1)
        starts = []
        weights = []
        for index in 0..<outputSize {
            let center = origin + (Double(index) + 0.5) * scale
            let first = max(Int((center - support).rounded(.down)), 0)
            let last = min(Int((center + support).rounded(.up)), sourceSize - 1)
            var taps: [Double] = []
            for source in first...max(first, last) {
                let distance = abs(Double(source) + 0.5 - center) / support
                taps.append(max(0, 1 - distance))
            }
            let total = taps.reduce(0, +)
            if total > 0 {
                weights.append(taps.map { Float($0 / total) })
                starts.append(first)
            } else {
                // The span lies beyond the edge: take the nearest pixel.
                weights.append([1])
                starts.append(min(max(Int(center), 0), sourceSize - 1))
            }
        }
    }
}
