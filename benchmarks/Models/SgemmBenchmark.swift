import Benchmarking
import ModelEngine

/// Single-precision matrix multiply of m×k by k×n: the peak the model benchmarks are compared with.
final class SgemmBenchmark: Benchmark {
    var m: Int, n: Int, k: Int
    var repeats = 1
    private var a: [Float] = [], b: [Float] = [], c: [Float] = []

    init(m: Int, n: Int, k: Int, repeats: Int = 1) {
        self.m = m
        self.n = n
        self.k = k
        self.repeats = repeats
    }

    var name: String { "sgemm \(m)×\(k)·\(k)×\(n)" }
    var flops: Double { 2 * Double(m) * Double(n) * Double(k) * Double(repeats) }

    func setUp() throws {
        a = (0..<(m * k)).map { Float($0 % 17) / 17 - 0.5 }
        b = (0..<(k * n)).map { Float($0 % 13) / 13 - 0.5 }
        c = [Float](repeating: 0, count: m * n)
    }

    func run() throws -> Int {
        let (m, n, k) = (self.m, self.n, self.k)
        for _ in 0..<repeats {
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    c.withUnsafeMutableBufferPointer { c in
                        BLAS.sgemm(m: m, n: n, k: k, a: a.baseAddress!, lda: k, b: b.baseAddress!, ldb: n,
                                   c: c.baseAddress!, ldc: n)
                    }
                }
            }
        }
        return repeats
    }

    /// Floating-point operations of one item (one multiply): the harness times per item.
    var flopsPerItem: Double { 2 * Double(m) * Double(n) * Double(k) }

    /// The largest difference between BLAS and a plain Double loop on a 96×80·80×72 product, relative to the
    /// largest value: checks the chosen kernel computes correctly.
    static func kernelError() -> Double {
        let m = 96, n = 72, k = 80
        var seed: UInt64 = 7
        func next() -> Float {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Float(seed >> 40) / Float(1 << 24) - 0.5
        }
        let a = Tensor(shape: [m, k], storage: (0..<(m * k)).map { _ in next() })
        let b = Tensor(shape: [k, n], storage: (0..<(k * n)).map { _ in next() })
        let product = a.matmul(b)
        var worst = 0.0, largest = 0.0
        for i in 0..<m {
            for j in 0..<n {
                var sum = 0.0
                for p in 0..<k { sum += Double(a.storage[i * k + p]) * Double(b.storage[p * n + j]) }
                worst = max(worst, abs(sum - Double(product.storage[i * n + j])))
                largest = max(largest, abs(sum))
            }
        }
        return worst / largest
    }
}
