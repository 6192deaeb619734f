/// The filter taps that resample one axis from a source span to `outputSize` samples with a triangle (linear)
/// filter widened by the scale factor when shrinking, so every source pixel contributes (no aliasing).
///
/// Every output sample has the same number of taps (`taps`, zero-weighted where its window is narrower), read
/// from `starts[i] ..< starts[i] + taps`, so the resize loops have a fixed shape.
public struct ResampleWeights: Sendable {
    public let taps: Int
    /// The first source index of each output sample's window.
    public let starts: [Int]
    /// `outputSize × taps` normalised weights.
    public let weights: [Float]

    /// Samples the source span `origin ..< origin + length` (in source pixels, fractional) of an axis of
    /// `sourceSize` pixels.
    public init(sourceSize: Int, origin: Double, length: Double, outputSize: Int) {
        precondition(sourceSize > 0 && outputSize > 0 && length > 0, "ResampleWeights of an empty axis")
        let scale = length / Double(outputSize)
        let support = max(scale, 1)
        var windows: [(first: Int, weights: [Double])] = []
        for index in 0..<outputSize {
            let center = origin + (Double(index) + 0.5) * scale
            let first = max(Int((center - support).rounded(.down)), 0)
            let last = min(Int((center + support).rounded(.up)), sourceSize - 1)
            var window = (first...max(first, last)).map { source in
                max(0, 1 - abs(Double(source) + 0.5 - center) / support)
            }
            let total = window.reduce(0, +)
            if total > 0 {
                window = window.map { $0 / total }
                windows.append((first, window))
            } else {
                // The span lies beyond the edge: take the nearest pixel.
                windows.append((min(max(Int(center), 0), sourceSize - 1), [1]))
            }
        }
        let taps = min(windows.map(\.weights.count).max()!, sourceSize)
        var starts: [Int] = []
        var weights = [Float](repeating: 0, count: outputSize * taps)
        for (index, window) in windows.enumerated() {
            let start = max(min(window.first, sourceSize - taps), 0)
            starts.append(start)
            for (offset, weight) in window.weights.enumerated() {
                weights[index * taps + window.first - start + offset] = Float(weight)
            }
        }
        self.taps = taps
        self.starts = starts
        self.weights = weights
    }
}
