/// What follows a convolution: nothing (a block's projection is linear) or ReLU6, EfficientNet-Lite's only
/// nonlinearity.
enum Activation: Sendable {
    case none
    case relu6

    /// Adds `bias[channel]` to each of `channels` planes of `planeSize` floats, then applies the activation.
    func applyWithBias(_ bias: [Float], to values: UnsafeMutablePointer<Float>, channels: Int, planeSize: Int) {
        precondition(bias.count == channels, "bias of \(bias.count) for \(channels) channels")
        bias.withUnsafeBufferPointer { bias in
            for channel in 0..<channels {
                let plane = values + channel * planeSize
                let shift = bias[channel]
                switch self {
                case .none:
                    for index in 0..<planeSize { plane[index] += shift }
                case .relu6:
                    for index in 0..<planeSize { plane[index] = min(max(plane[index] + shift, 0), 6) }
                }
            }
        }
    }
}
