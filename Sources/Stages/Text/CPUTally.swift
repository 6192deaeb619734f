import Glibc
import Synchronization

/// A running total of the calling threads' CPU time spent in one step (the line finding), for benchmarks: the
/// stage adds to it, `TextReadingTrace.lineFindingMilliseconds` reports it.
final class CPUTally: Sendable {
    private let total = Mutex(0.0)

    /// The calling thread's CPU time so far, in milliseconds.
    static func now() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) * 1000 + Double(spec.tv_nsec) / 1_000_000
    }

    /// Adds the calling thread's CPU time since `start` (from `now()`).
    func add(since start: Double) {
        let spent = Self.now() - start
        total.withLock { $0 += spent }
    }

    /// The total so far, in milliseconds.
    var milliseconds: Double { total.withLock { $0 } }
}
