import CLineKernels
import Synchronization

/// For benchmarks: the line recogniser's arithmetic as it ran before issue 10's speed work (the AVX2 8-bit
/// multiply widening its weights at every use; an LSTM along y advancing all its sequences at once), switched on
/// and off for the whole process, so a benchmark measures both in one run. What is read is the same either way.
package enum ArithmeticBaseline {
    /// Whether LSTMs whose sequences are all as long run them in chunks (`RecurrentWeights.chunk`).
    static let chunking = Atomic<Bool>(true)

    /// `true`: the arithmetic before; `false` (the default): today's.
    package static func use(_ baseline: Bool) {
        line_s8_use_widening_avx2(baseline ? 1 : 0)
        chunking.store(!baseline, ordering: .relaxed)
    }
}
