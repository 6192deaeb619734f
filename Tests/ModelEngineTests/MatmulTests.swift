import Foundation
import Testing
import ModelEngine

@Suite("Matrix multiply on BLAS")
struct MatmulTests {
    /// A plain triple loop in Double, the reference the BLAS result must match.
    static func naive(_ a: Tensor, _ b: Tensor) -> [Float] {
        let m = a.shape[0], k = a.shape[1], n = b.shape[1]
        let left = a.storage, right = b.storage
        var result = [Float](repeating: 0, count: m * n)
        for i in 0..<m {
            for j in 0..<n {
                var sum = 0.0
                for p in 0..<k { sum += Double(left[i * k + p]) * Double(right[p * n + j]) }
                result[i * n + j] = Float(sum)
            }
        }
        return result
    }

    static func random(_ shape: [Int], seed: inout UInt64) -> Tensor {
        Tensor(shape: shape, storage: (0..<Tensor.count(of: shape)).map { _ in
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Float(Int64(bitPattern: seed >> 11) % 2000) / 1000 - 1
        })
    }

    @Test("matmul agrees with a naive product on odd sizes", arguments: [(1, 1, 1), (3, 5, 7), (65, 33, 17), (50, 768, 64)])
    func agreesWithNaive(m: Int, k: Int, n: Int) {
        var seed: UInt64 = UInt64(m * 1000 + k * 10 + n)
        let a = Self.random([m, k], seed: &seed)
        let b = Self.random([k, n], seed: &seed)
        let product = a.matmul(b)
        #expect(product.shape == [m, n])
        let reference = Self.naive(a, b)
        let worst = zip(product.storage, reference).map { abs($0 - $1) }.max() ?? 0
        #expect(worst < 1e-4 * Float(k))
    }

    @Test("linear uses PyTorch's out×in weight layout and adds the bias to every row")
    func linearLayout() {
        let x = Tensor(shape: [2, 3], storage: [1, 2, 3, 4, 5, 6])
        let weight = Tensor(shape: [2, 3], storage: [1, 0, 0, 0, 1, 1])
        let bias = Tensor(shape: [2], storage: [10, 20])
        let y = x.linear(weight: weight, bias: bias)
        #expect(y.shape == [2, 2])
        #expect(y.storage == [11, 25, 14, 31])
    }

    @Test("matmul against a transposed operand equals matmul against its transpose")
    func transposed() {
        var seed: UInt64 = 42
        let a = Self.random([4, 6], seed: &seed)
        let bT = Self.random([5, 6], seed: &seed)
        var b = Tensor(zeros: [6, 5])
        for i in 0..<5 { for j in 0..<6 { b[j, i] = bT[i, j] } }
        let viaTranspose = a.matmul(bT, transposeOther: true)
        let direct = a.matmul(b)
        let worst = zip(viaTranspose.storage, direct.storage).map { abs($0 - $1) }.max() ?? 0
        #expect(worst < 1e-5)
    }
}

@Suite("Matrix multiply of a few rows against a large transposed operand")
struct SmallRowMatmulTests {
    @Test("the column-blocked path agrees with a naive product", arguments: [(1, 512, 1536), (3, 512, 700), (8, 300, 257)])
    func blockedAgreesWithNaive(m: Int, k: Int, n: Int) {
        var seed: UInt64 = UInt64(m * 7 + n)
        let a = MatmulTests.random([m, k], seed: &seed)
        let weight = MatmulTests.random([n, k], seed: &seed)
        #expect(m * n * k > 64 * 64 * 64, "the case must take the blocked path")
        let product = a.matmul(weight, transposeOther: true)
        var worst: Float = 0
        for i in 0..<m {
            for j in 0..<n {
                var sum = 0.0
                for p in 0..<k { sum += Double(a.storage[i * k + p]) * Double(weight.storage[j * k + p]) }
                worst = max(worst, abs(Float(sum) - product.storage[i * n + j]))
            }
        }
        #expect(worst < 1e-4 * Float(k))
    }
}

@Suite("Row kernels")
struct KernelTests {
    @Test("layer norm gives each row zero mean and unit variance before scale and shift")
    func layerNorm() {
        var x = Tensor(shape: [2, 4], storage: [1, 2, 3, 4, 10, 10, 10, 14])
        x.layerNormalize(weight: Tensor(shape: [4], storage: [1, 1, 2, 1]),
                         bias: Tensor(shape: [4], storage: [0, 0, 0, 5]), epsilon: 0)
        let first = x.row(0)
        #expect(abs(first[0] + 1.3416408) < 1e-5 && abs(first[2] - 2 * 0.4472136) < 1e-5)
        #expect(abs(x.row(1)[3] - (5 + 1.7320508)) < 1e-5)
    }

    @Test("softmax sums to one, keeps order, and survives large inputs")
    func softmax() {
        var row: [Float] = [1000, 1001, 999]
        row.withUnsafeMutableBufferPointer { Tensor.softmaxInPlace($0.baseAddress!, count: 3) }
        #expect(abs(row.reduce(0, +) - 1) < 1e-6)
        #expect(row[1] > row[0] && row[0] > row[2])
        #expect(abs(row[1] - 0.66524096) < 1e-6)
    }

    @Test("quick GELU is x·σ(1.702x) and rows normalise to unit length")
    func activationAndNormalize() {
        var x = Tensor(shape: [1, 2], storage: [1, -2])
        x.applyQuickGELU()
        #expect(abs(x.storage[0] - 1 / (1 + expf(-1.702))) < 1e-6)
        #expect(abs(x.storage[1] - -2 / (1 + expf(3.404))) < 1e-6)
        var v = Tensor(shape: [2, 2], storage: [3, 4, 0, 0])
        v.normalizeRows()
        #expect(v.storage == [0.6, 0.8, 0, 0])
    }
}
