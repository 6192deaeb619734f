import Benchmarking
import Foundation

/// Prints one result in microseconds per `unit`, with its ratio (per CPU-second and wall) to the baseline of the same
/// run when it has one, and keeps it for the JSON report.
func report(_ result: BenchmarkResult, against comparison: Comparison? = nil, unit: String = "item") {
    var line = result.name.padding(toLength: 30, withPad: " ", startingAt: 0)
        + String(format: " wall median %9.1f µs p95 %9.1f µs, CPU median %9.1f µs per %@",
                 result.median * 1e3, result.p95 * 1e3, result.cpuMedian * 1e3, unit)
    if let comparison {
        let cpu = 1 / comparison.cpuRatio, wall = 1 / comparison.wallRatio
        line += cpu >= 1
            ? String(format: "; %.2fx faster than baseline (wall %.2fx)", cpu, wall)
            : String(format: "; %.1fx the baseline's cost (wall %.1fx)", 1 / cpu, 1 / wall)
    }
    print(line)
}

/// Times `candidates` against `baseline` in the same run (shared harness), prints every line and returns the
/// comparisons (for the JSON report).
func compare(baseline: any Benchmark, candidates: [any Benchmark], runs: Int,
             unit: String = "item") async throws -> [Comparison] {
    let comparisons = try await Comparison.measure(baseline: baseline, candidates: candidates, runs: runs)
    if let first = comparisons.first { report(first.baseline, unit: unit) }
    for comparison in comparisons { report(comparison.candidate, against: comparison, unit: unit) }
    return comparisons
}
