import Foundation

/// One timed piece of work: `run()` is timed after one discarded warm-up; it returns how many items it did
/// (images, queries, multiplies) so rates can be computed.
protocol Benchmark {
    var name: String { get }
    mutating func setUp() throws
    mutating func run() throws -> Int
}

/// The timings of one benchmark: wall-clock and process CPU seconds per run.
struct BenchmarkResult {
    var name: String
    var items: Int
    var seconds: [Double]
    var cpuSeconds: [Double] = []

    /// The median CPU time of the process per run (all threads): on a machine other jobs share, what the run
    /// costs rather than how long it waited.
    var cpuMedian: Double {
        let sorted = cpuSeconds.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }

    /// The CPU time at `fraction` of the sorted runs (0.95: p95).
    func cpuPercentile(_ fraction: Double) -> Double {
        let sorted = cpuSeconds.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
    }

    var median: Double { percentile(0.5) }
    var p95: Double { percentile(0.95) }

    func percentile(_ fraction: Double) -> Double {
        let sorted = seconds.sorted()
        let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))
        return sorted[index]
    }

    /// Items per second at the median.
    var rate: Double { Double(items) / median }
}

enum BenchmarkRunner {
    /// Sets up, warms up once, then times `runs` runs.
    static func measure<B: Benchmark>(_ benchmark: inout B, runs: Int) throws -> BenchmarkResult {
        try benchmark.setUp()
        var items = try benchmark.run()
        var seconds: [Double] = []
        var cpu: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            let cpuStart = processCPUSeconds()
            items = try benchmark.run()
            cpu.append(processCPUSeconds() - cpuStart)
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return BenchmarkResult(name: benchmark.name, items: items, seconds: seconds, cpuSeconds: cpu)
    }
}

extension BenchmarkRunner {
    /// Warms up once, then times `runs` runs of an async piece of work that returns its item count.
    static func measure(name: String, runs: Int, _ work: () async throws -> Int) async rethrows -> BenchmarkResult {
        var items = try await work()
        var seconds: [Double] = []
        var cpu: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            let cpuStart = processCPUSeconds()
            items = try await work()
            cpu.append(processCPUSeconds() - cpuStart)
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return BenchmarkResult(name: name, items: items, seconds: seconds, cpuSeconds: cpu)
    }
}

/// CPU seconds this process has used, all threads.
func processCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
