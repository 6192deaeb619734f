/// Where a model's weights come from: a safetensors file, or generated weights in a benchmark.
///
/// Asking for a tensor with its shape lets a source refuse a checkpoint whose shapes disagree with the config,
/// naming the tensor.
public protocol TensorSource: Sendable {
    /// The tensor `name`, which must have exactly `shape`.
    func tensor(named name: String, shape: [Int]) throws -> Tensor
    /// Whether the source holds a tensor of this name (for optional tensors such as biases).
    func contains(_ name: String) -> Bool
    /// Names the source in error messages (a file path).
    var sourceDescription: String { get }
}

extension SafetensorsFile: TensorSource {
    public var sourceDescription: String { path }
}
