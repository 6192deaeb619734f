import Foundation

/// One benchmark: prepared once by `setUp`, then `run` is timed repeatedly. `run` returns a checksum that the
/// runner keeps, so the optimiser cannot drop the work.
protocol Benchmark {
    var name: String { get }
    mutating func setUp() throws
    mutating func run() -> Int
}

/// CPU time of the calling thread, in seconds.
func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func formatTime(_ seconds: Double) -> String {
    seconds >= 1e-3 ? String(format: "%.3f ms", seconds * 1e3) : String(format: "%.2f µs", seconds * 1e6)
}

func report(_ timing: BenchmarkRunner.Timing, per: Int = 1, unit: String = "run") {
    let median = timing.median / Double(per), p95 = timing.p95 / Double(per)
    let wall = timing.wallMedian / Double(per)
    print("  \(timing.name.padding(toLength: 38, withPad: " ", startingAt: 0)) CPU median \(formatTime(median))/\(unit)"
          + "  p95 \(formatTime(p95))  (wall median \(formatTime(wall)))")
}
