/// A dense row-major array of `Float` with a shape: the one value type the models pass between layers.
///
/// Storage is always contiguous, `shape.reduce(1, *)` floats, last dimension fastest.
public struct Tensor: Sendable, Equatable {
    public private(set) var shape: [Int]
    public var storage: [Float]

    /// A tensor over `storage`, which must hold exactly the product of `shape` floats.
    public init(shape: [Int], storage: [Float]) {
        precondition(shape.allSatisfy { $0 >= 0 }, "Tensor shape \(shape) has a negative dimension")
        precondition(storage.count == Tensor.count(of: shape),
                     "Tensor storage holds \(storage.count) floats, shape \(shape) needs \(Tensor.count(of: shape))")
        self.shape = shape
        self.storage = storage
    }

    /// A tensor of zeros.
    public init(zeros shape: [Int]) {
        self.init(shape: shape, storage: [Float](repeating: 0, count: Tensor.count(of: shape)))
    }

    /// The number of elements.
    public var count: Int { storage.count }
    /// The number of dimensions.
    public var rank: Int { shape.count }

    /// The same elements under another shape with the same element count.
    public func reshaped(_ newShape: [Int]) -> Tensor {
        Tensor(shape: newShape, storage: storage)
    }

    /// The element at a full multi-dimensional index.
    public subscript(_ index: Int...) -> Float {
        get { storage[offset(of: index)] }
        set { storage[offset(of: index)] = newValue }
    }

    /// Row `index` of a rank-2 tensor.
    public func row(_ index: Int) -> [Float] {
        precondition(rank == 2 && index >= 0 && index < shape[0], "row \(index) of shape \(shape)")
        let width = shape[1]
        return Array(storage[(index * width)..<((index + 1) * width)])
    }

    /// The product of the dimensions: how many elements a tensor of `shape` holds.
    public static func count(of shape: [Int]) -> Int {
        shape.reduce(1, *)
    }

    private func offset(of index: [Int]) -> Int {
        precondition(index.count == shape.count, "index \(index) for shape \(shape)")
        var offset = 0
        for (position, dimension) in zip(index, shape) {
            precondition(position >= 0 && position < dimension, "index \(index) out of shape \(shape)")
            offset = offset * dimension + position
        }
        return offset
    }
}
