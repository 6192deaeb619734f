import ModelEngine

/// Random weights of any shape, for timing a full-size model without its checkpoint: the same work as the
/// real weights. Layer-norm scales are 1 so activations stay in a realistic range.
struct RandomTensors: TensorSource {
    var seed: UInt64 = 0x9E3779B97F4A7C15

    var sourceDescription: String { "random weights" }

    func contains(_ name: String) -> Bool { true }

    func tensor(named name: String, shape: [Int]) throws -> Tensor {
        let count = Tensor.count(of: shape)
        if name.contains("layer_norm") || name.contains("layrnorm") || name.contains("layernorm") {
            let value: Float = name.hasSuffix(".weight") ? 1 : 0
            return Tensor(shape: shape, storage: [Float](repeating: value, count: count))
        }
        var state = seed ^ UInt64(truncatingIfNeeded: name.hashValue)
        let values = (0..<count).map { _ -> Float in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return (Float(state >> 40) / Float(1 << 24) - 0.5) * 0.04
        }
        return Tensor(shape: shape, storage: values)
    }
}
