import CLineKernels
import Glibc
import Synchronization

/// For benchmarks: the line recogniser's arithmetic as it ran before issue 10's speed work (the AVX2 8-bit
/// multiply widening its weights at every use; an LSTM along y advancing all its sequences at once; an LSTM's
/// input share of every gate at every position computed up front), switched on and off for the whole process, so
/// a benchmark measures both in one run. What is read is the same either way. A process started with
/// `POOL_LINE_ARITHMETIC_BASELINE=1` in its environment starts with it on (for paired runs of whole processes).
package enum ArithmeticBaseline {
    private static let on = Atomic<Bool>(
        getenv("POOL_LINE_ARITHMETIC_BASELINE").map { String(cString: $0) == "1" } ?? false)

    /// Whether the arithmetic before is in use.
    static var isOn: Bool { on.load(ordering: .relaxed) }

    /// `true`: the arithmetic before; `false` (the default): today's.
    package static func use(_ baseline: Bool) {
        line_s8_use_widening_avx2(baseline ? 1 : 0)
        on.store(baseline, ordering: .relaxed)
    }

    /// Makes the C kernels follow the environment's choice; called when a model is loaded.
    static func apply() { use(isOn) }
}
