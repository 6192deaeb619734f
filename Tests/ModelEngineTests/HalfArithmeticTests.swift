import Testing
import ModelEngine

@Suite("Half-precision arithmetic in packed linear layers")
struct HalfArithmeticTests {
    /// The documented arithmetic of `.float16Arithmetic`, written independently with Swift's Float16: rows and
    /// weights scaled by powers of two, every product-and-add rounded once to half precision (exact in Double,
    /// then one conversion), runs of 32 inputs summed in half precision, the runs' sums added in Float.
    static func emulated(_ x: Tensor, _ weight: Tensor, _ bias: Tensor?) -> [Float] {
        let rows = x.shape[0], inputs = x.shape[1], outputs = weight.shape[0]
        let largestWeight = weight.storage.map(abs).max() ?? 0
        let weightExponent = largestWeight > 0 ? -1 - Int(largestWeight.exponent) : 0
        let halfWeights = weight.storage.map { Float16(Float(sign: .plus, exponent: weightExponent, significand: $0)) }
        var result = [Float](repeating: 0, count: rows * outputs)
        for row in 0..<rows {
            let line = x.storage[(row * inputs)..<((row + 1) * inputs)]
            let largest = line.map(abs).max() ?? 0
            let exponent = largest > 0 ? 6 - Int(largest.exponent) : 0
            let halves = line.map { Float16(Float(sign: .plus, exponent: exponent, significand: $0)) }
            for output in 0..<outputs {
                var sum: Float = 0
                for start in stride(from: 0, to: inputs, by: 32) {
                    var run: Float16 = 0
                    for input in start..<min(start + 32, inputs) {
                        let product = Double(halves[input]) * Double(halfWeights[output * inputs + input])
                        run = Float16(product + Double(run))
                    }
                    sum += Float(run)
                }
                let value = Float(sign: .plus, exponent: -(exponent + weightExponent), significand: sum)
                result[row * outputs + output] = bias.map { value + $0.storage[output] } ?? value
            }
        }
        return result
    }

    // 1-14 rows run over pairs of blocks, 15-16 over single blocks, more in several passes; 72 inputs end in
    // a short run of 8; 100 outputs end in a partial block.
    @Test("both paths compute exactly the documented roundings", arguments: [1, 5, 14, 16, 21])
    func equalsEmulation(rows: Int) {
        var seed = UInt64(rows)
        let x = PackedLinearTests.random([rows, 72], seed: &seed)
        let weight = PackedLinearTests.random([100, 72], seed: &seed)
        let bias = PackedLinearTests.random([100], seed: &seed)
        let layer = PackedLinear(weight: weight, bias: bias, precision: .float16Arithmetic)
        let expected = Self.emulated(x, weight, bias)
        #expect(layer.apply(x).storage == expected)
        #expect(layer.apply(x, portable: true).storage == expected)
        #expect(layer.apply(x, threads: 2).storage == expected)
        #expect(layer.weightBytes == PackedLinear(weight: weight, bias: bias, precision: .float16).weightBytes)
    }

    @Test("values far outside half precision's range neither overflow nor vanish")
    func scaledIntoRange() {
        var seed: UInt64 = 9
        for magnitude: Float in [1e-7, 1e6] {
            let x = Tensor(shape: [3, 512], storage: PackedLinearTests.random([3, 512], seed: &seed).storage.map { $0 * magnitude })
            let weight = Tensor(shape: [40, 512], storage: PackedLinearTests.random([40, 512], seed: &seed).storage.map { $0 * magnitude })
            let y = PackedLinear(weight: weight, bias: nil, precision: .float16Arithmetic).apply(x).storage
            let exact = PackedLinearTests.naive(x, weight, nil)
            let scale = exact.map(abs).max() ?? 1
            #expect(y.allSatisfy { $0.isFinite }, "magnitude \(magnitude)")
            // Errors relative to the largest output: ~1e-3 from 11-bit products and runs of 32.
            #expect(PackedLinearTests.worst(y, exact) < 5e-3 * scale, "magnitude \(magnitude)")
            #expect(PackedLinearTests.worst(y, exact) > 0, "the rounding is visible")
        }
    }

    @Test("all-zero weights or inputs give the bias exactly, and an empty batch gives no rows")
    func zeros() {
        var seed: UInt64 = 3
        let bias = PackedLinearTests.random([40], seed: &seed)
        let x = PackedLinearTests.random([2, 33], seed: &seed)
        let zeroWeights = PackedLinear(weight: Tensor(zeros: [40, 33]), bias: bias, precision: .float16Arithmetic)
        #expect(zeroWeights.apply(x).storage == bias.storage + bias.storage)
        let layer = PackedLinear(weight: PackedLinearTests.random([40, 33], seed: &seed), bias: bias,
                                 precision: .float16Arithmetic)
        #expect(layer.apply(Tensor(zeros: [2, 33])).storage == bias.storage + bias.storage)
        #expect(layer.apply(Tensor(zeros: [0, 33])).shape == [0, 40])
    }
}
