import Foundation
import Testing
import ModelEngine

@Suite("Quick GELU")
struct QuickGELUTests {
    /// Values across the range activations take, the far tails, zero and both signs.
    static let inputs: [Float] = (-2000...2000).map { Float($0) / 100 } + [-1e4, -90, -60, 60, 90, 1e4, 0, -0, 1e-30]

    @Test("agrees within 2 ulp with x / (1 + exp(-1.702x)) in Double, and the vectorised path equals the portable one")
    func agreesWithFormula() {
        var vectorised = Tensor(shape: [Self.inputs.count], storage: Self.inputs)
        vectorised.applyQuickGELU()
        var portable = Tensor(shape: [Self.inputs.count], storage: Self.inputs)
        portable.applyQuickGELU(portable: true)
        #expect(vectorised.storage == portable.storage)
        for (x, y) in zip(Self.inputs, vectorised.storage) {
            // The argument is rounded to Float as in any Float implementation; the rest is exact here.
            let argument: Float = -1.702 * x
            let exact = Double(x) / (1 + Foundation.exp(Double(argument)))
            // Below Float's normal range (x < -52, where exp(-1.702x) overflows as in any Float formula) only the
            // absolute error is small.
            #expect(abs(Double(y) - exact) <= 2.5e-7 * abs(exact) + 1e-38, "x = \(x): \(y) vs \(exact)")
        }
    }
}
