import Foundation

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

    /// Times `benchmark`; `warmUp: false` leaves out the discarded first run (for callers that warmed it up).
    func measure<B: Benchmark>(_ benchmark: inout B, warmUp: Bool = true) throws -> Timing {
        try benchmark.setUp()
        var checksum = warmUp ? benchmark.run() : 0
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
