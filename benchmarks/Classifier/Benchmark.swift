import Foundation

/// One timed piece of work, run once to warm up and then `runs` times; `run()` returns how many items (images)
/// it processed so a rate can be computed.
protocol Benchmark {
    var name: String { get }
    func run() throws -> Int
}

/// Seconds per run of one benchmark.
struct Timing {
    var name: String
    var items: Int
    var seconds: [Double]

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
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            items = try benchmark.run()
            seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return Timing(name: benchmark.name, items: items, seconds: seconds)
    }
}
