import Testing
import ModelEngine

@Suite("Packed small-row linear layers")
struct PackedLinearTests {
    static func random(_ shape: [Int], seed: inout UInt64) -> Tensor {
        Tensor(shape: shape, storage: (0..<Tensor.count(of: shape)).map { _ in
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Float(Int64(bitPattern: seed >> 11) % 2000) / 1000 - 1
        })
    }

    /// y = x·Wᵀ + b in Double, the reference.
    static func naive(_ x: Tensor, _ weight: Tensor, _ bias: Tensor?) -> [Float] {
        let rows = x.shape[0], inputs = x.shape[1], outputs = weight.shape[0]
        var result = [Float](repeating: 0, count: rows * outputs)
        for row in 0..<rows {
            for output in 0..<outputs {
                var sum = Double(bias?.storage[output] ?? 0)
                for input in 0..<inputs {
                    sum += Double(x.storage[row * inputs + input]) * Double(weight.storage[output * inputs + input])
                }
                result[row * outputs + output] = Float(sum)
            }
        }
        return result
    }

    static func worst(_ a: [Float], _ b: [Float]) -> Float {
        zip(a, b).map { abs($0 - $1) }.max() ?? 0
    }

    // Rows across the 12-row pass boundary, outputs not a multiple of the 32-column block.
    @Test("Float weights agree with a Double product", arguments: [(1, 1, 1), (3, 17, 45), (12, 64, 96), (13, 40, 33),
                                                                    (77, 32, 16), (5, 512, 2048)])
    func agreesWithNaive(rows: Int, inputs: Int, outputs: Int) {
        var seed = UInt64(rows * 7919 + inputs * 31 + outputs)
        let x = Self.random([rows, inputs], seed: &seed)
        let weight = Self.random([outputs, inputs], seed: &seed)
        let bias = Self.random([outputs], seed: &seed)
        let layer = PackedLinear(weight: weight, bias: bias)
        let y = layer.apply(x)
        #expect(y.shape == [rows, outputs])
        #expect(Self.worst(y.storage, Self.naive(x, weight, bias)) < 2e-6 * Float(inputs))
        #expect(Self.worst(layer.apply(x).storage, x.linear(weight: weight, bias: bias).storage) < 2e-6 * Float(inputs))
    }

    @Test("the portable path gives the same bits as the AVX-512 path, and so does splitting over threads",
          arguments: WeightPrecision.allCases)
    func portableEqualsVectorised(precision: WeightPrecision) {
        var seed: UInt64 = 77
        let x = Self.random([14, 72], seed: &seed)
        let layer = PackedLinear(weight: Self.random([100, 72], seed: &seed), bias: Self.random([100], seed: &seed),
                                 precision: precision)
        let vectorised = layer.apply(x)
        #expect(layer.apply(x, portable: true).storage == vectorised.storage)
        #expect(layer.apply(x, threads: 3).storage == vectorised.storage)
        #expect(layer.apply(x, threads: 2, portable: true).storage == vectorised.storage)
    }

    @Test("half-precision weights equal the product with every weight rounded to Float16")
    func halfPrecisionRounding() {
        var seed: UInt64 = 5
        let x = Self.random([4, 48], seed: &seed)
        var weight = Self.random([40, 48], seed: &seed)
        // Values that exercise rounding: ties, subnormal halves, overflow to infinity is left out.
        weight.storage[0] = 1 + 1 / 2048        // a tie: rounds to even (1)
        weight.storage[1] = 1 + 3 / 2048        // a tie: rounds up to even
        weight.storage[2] = 3e-7                // a subnormal half
        weight.storage[3] = -6.1e-5             // just below the smallest normal half
        let rounded = Tensor(shape: weight.shape, storage: weight.storage.map { Float(Float16($0)) })
        let half = PackedLinear(weight: weight, bias: nil, precision: .float16)
        let exact = PackedLinear(weight: rounded, bias: nil, precision: .float32)
        #expect(half.apply(x).storage == exact.apply(x).storage)
        #expect(half.weightBytes * 2 == exact.weightBytes)
        // And it is not simply the Float product: the rounding is visible.
        #expect(half.apply(x).storage != PackedLinear(weight: weight, bias: nil).apply(x).storage)
    }

    @Test("a layer without bias and an empty batch")
    func edges() {
        let weight = Tensor(shape: [2, 3], storage: [1, 0, 0, 0, 1, 1])
        let layer = PackedLinear(weight: weight, bias: nil)
        #expect(layer.apply(Tensor(shape: [2, 3], storage: [1, 2, 3, 4, 5, 6])).storage == [1, 5, 4, 11])
        #expect(layer.apply(Tensor(zeros: [0, 3])).shape == [0, 2])
    }
}
