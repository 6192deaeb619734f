import Benchmarking
import Foundation

/// Where the benchmarks put a value computed from their work, so the optimiser cannot drop it.
final class Checksum: @unchecked Sendable {
    static let shared = Checksum()
    private let lock = NSLock()
    private var value = 0

    func add(_ amount: Int) {
        lock.lock()
        value &+= amount
        lock.unlock()
    }
}

func formatTime(_ milliseconds: Double) -> String {
    milliseconds >= 1 ? String(format: "%.3f ms", milliseconds) : String(format: "%.2f µs", milliseconds * 1e3)
}

/// One line of a result (the shared harness keeps milliseconds per item): CPU median and p95 as the old runner
/// printed them (p95 of the CPU time), and the wall median.
func report(_ result: BenchmarkResult, unit: String = "run") {
    print("  \(result.name.padding(toLength: 38, withPad: " ", startingAt: 0)) CPU median "
          + "\(formatTime(result.cpuMedian))/\(unit)  p95 \(formatTime(BenchmarkResult.percentile(result.cpu, 0.95)))"
          + "  (wall median \(formatTime(result.median)), p95 \(formatTime(result.p95)))")
}
