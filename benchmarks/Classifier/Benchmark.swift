import Foundation

/// One timed piece of work, run once to warm up and then `runs` times; `run()` returns how many items (images)
/// it processed so a rate can be computed.
protocol Benchmark {
    var name: String { get }
    func run() throws -> Int
}

/// Seconds per run of one benchmark: wall-clock, and CPU time of the whole process (all threads), which a
/// busy machine disturbs much less than wall-clock time.
struct Timing {
    var name: String
    var items: Int
    var seconds: [Double]
    var cpuSeconds: [Double]

    /// Median CPU milliseconds per item.
    var cpuMillisecondsPerItem: Double { cpuSeconds.sorted()[cpuSeconds.count / 2] / Double(items) * 1000 }

    var median: Double { percentile(0.5) }
    var p95: Double { percentile(0.95) }

    func percentile(_ fraction: Double) -> Double {
        let sorted = seconds.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }

    /// Milliseconds per item at the median.
    var millisecondsPerItem: Double { median / Double(items) * 1000 }
}

enum Stopwatch {
    static func measure(_ benchmark: some Benchmark, runs: Int) throws -> Timing {
        var items = try benchmark.run()
        var seconds: [Double] = []
        var cpuSeconds: [Double] = []
        for _ in 0..<runs {
            let cpuStart = processCPUTime()
            let start = DispatchTime.now().uptimeNanoseconds
            items = try benchmark.run()
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            cpuSeconds.append(processCPUTime() - cpuStart)
        }
        return Timing(name: benchmark.name, items: items, seconds: seconds, cpuSeconds: cpuSeconds)
    }

    static func processCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
