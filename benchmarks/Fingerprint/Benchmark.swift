import Foundation

/// One benchmark: prepared once by `setUp`, then `run` is timed repeatedly. `run` returns a checksum that the
/// runner keeps, so the optimiser cannot drop the work.
protocol Benchmark {
    var name: String { get }
    mutating func setUp() throws
    mutating func run() -> Int
}

/// Times benchmarks: one discarded warm-up, then `repetitions` timed runs; reports median and p95 of the
/// thread's CPU time (the machine is shared, so wall time mostly measures the neighbours) and the median wall time.
struct BenchmarkRunner {
    var repetitions: Int

    struct Timing {
        var name: String
        var median: Double
        var p95: Double
        var wallMedian: Double
        var checksum: Int
    }

    func measure<B: Benchmark>(_ benchmark: inout B) throws -> Timing {
        try benchmark.setUp()
        var checksum = benchmark.run()
        var seconds: [Double] = []
        var wall: [Double] = []
        for _ in 0..<repetitions {
            let start = threadCPUTime(), wallStart = DispatchTime.now().uptimeNanoseconds
            checksum &+= benchmark.run()
            seconds.append(threadCPUTime() - start)
            wall.append(Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e9)
        }
        seconds.sort()
        wall.sort()
        let p95 = seconds[min(seconds.count - 1, Int((Double(seconds.count) * 0.95).rounded(.up)) - 1)]
        return Timing(name: benchmark.name, median: seconds[seconds.count / 2], p95: p95,
                      wallMedian: wall[wall.count / 2], checksum: checksum)
    }
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
