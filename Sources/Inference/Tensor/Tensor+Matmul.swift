extension Tensor {
    /// The matrix product of two rank-2 tensors: `self` (m×k) times `other` (k×n), or times `otherᵀ` when
    /// `transposeOther` (then `other` is n×k).
    public func matmul(_ other: Tensor, transposeOther: Bool = false) -> Tensor {
        precondition(rank == 2 && other.rank == 2, "matmul needs rank-2 tensors, got \(shape) and \(other.shape)")
        let m = shape[0], k = shape[1]
        let n = transposeOther ? other.shape[0] : other.shape[1]
        let otherK = transposeOther ? other.shape[1] : other.shape[0]
        precondition(k == otherK, "matmul shapes \(shape) and \(other.shape)\(transposeOther ? "ᵀ" : "") do not fit")
        var result = Tensor(zeros: [m, n])
        // A few rows against a large transposed operand (a short text through a linear layer): OpenBLAS packs
        // the whole weight matrix per call, which costs more than the multiply. Column blocks small enough for
        // its unpacked small-matrix kernel halve a short query's time (measured in docs/models.md).
        let block = transposeOther && m <= Self.smallRowLimit && m * n * k > Self.smallProductLimit
            ? max(16, Self.smallProductLimit / max(1, m * k)) : n
        storage.withUnsafeBufferPointer { a in
            other.storage.withUnsafeBufferPointer { b in
                result.storage.withUnsafeMutableBufferPointer { c in
                    guard let a = a.baseAddress, let b = b.baseAddress, let c = c.baseAddress else { return }
                    var start = 0
                    while start < n {
                        let count = min(block, n - start)
                        BLAS.sgemm(transposeB: transposeOther, m: m, n: count, k: k,
                                   a: a, lda: k, b: transposeOther ? b + start * k : b + start,
                                   ldb: transposeOther ? k : n, c: c + start, ldc: n)
                        start += count
                    }
                }
            }
        }
        return result
    }

    /// Up to this many rows, a product with a transposed operand is split into column blocks.
    static let smallRowLimit = 8
    /// The largest m·n·k of one block: OpenBLAS's small-matrix kernels handle it without packing.
    static let smallProductLimit = 64 * 64 * 64

    /// A fully connected layer in PyTorch's layout: `self` (rows×in) times `weight`ᵀ (`weight` is out×in),
    /// plus `bias` (out) on every row.
    public func linear(weight: Tensor, bias: Tensor?) -> Tensor {
        var result = matmul(weight, transposeOther: true)
        if let bias {
            let width = weight.shape[0]
            precondition(bias.count == width, "bias of \(bias.count) for a layer of \(width) outputs")
            result.storage.withUnsafeMutableBufferPointer { out in
                bias.storage.withUnsafeBufferPointer { b in
                    for row in 0..<(out.count / max(width, 1)) {
                        let base = row * width
                        for column in 0..<width { out[base + column] += b[column] }
                    }
                }
            }
        }
        return result
    }
}
