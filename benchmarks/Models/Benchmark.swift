import Foundation

/// One timed piece of work: `run()` is timed after one discarded warm-up; it returns how many items it did
/// (images, queries, multiplies) so rates can be computed.
protocol Benchmark {
    var name: String { get }
    mutating func setUp() throws
    mutating func run() throws -> Int
}

/// The timings of one benchmark: seconds per run.
struct BenchmarkResult {
    var name: String
    var items: Int
    var seconds: [Double]

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
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            items = try benchmark.run()
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return BenchmarkResult(name: benchmark.name, items: items, seconds: seconds)
    }
}
