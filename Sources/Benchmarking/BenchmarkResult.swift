import Glibc

/// Timings of one benchmark: per-capture wall and CPU milliseconds for each timed run.
struct BenchmarkResult {
    var name: String
    /// Wall time of each run divided by the captures it processed, in milliseconds.
    var wall: [Double] = []
    /// CPU time (user + system, every thread, child processes included) per capture, in milliseconds.
    var cpu: [Double] = []

    var median: Double { Self.percentile(wall, 0.5) }
    var p95: Double { Self.percentile(wall, 0.95) }
    var cpuMedian: Double { Self.percentile(cpu, 0.5) }
    /// Captures per second at the median.
    var throughput: Double { 1000 / median }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[Int((Double(sorted.count - 1) * fraction).rounded())]
    }

    /// Runs `benchmark` once and appends its per-capture wall and CPU time.
    mutating func record(_ benchmark: any Benchmark) async throws {
        let cpuBefore = Self.cpuMilliseconds()
        var count = 0
        let elapsed = try await ContinuousClock().measure { count = try await benchmark.run() }
        let cpuAfter = Self.cpuMilliseconds()
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        wall.append(milliseconds / Double(max(count, 1)))
        cpu.append((cpuAfter - cpuBefore) / Double(max(count, 1)))
    }

    /// CPU time used so far by this process and its finished children.
    static func cpuMilliseconds() -> Double {
        func milliseconds(_ who: Int32) -> Double {
            var usage = rusage()
            getrusage(__rusage_who_t(who), &usage)
            let user = Double(usage.ru_utime.tv_sec) * 1000 + Double(usage.ru_utime.tv_usec) / 1000
            let system = Double(usage.ru_stime.tv_sec) * 1000 + Double(usage.ru_stime.tv_usec) / 1000
            return user + system
        }
        return milliseconds(RUSAGE_SELF.rawValue) + milliseconds(RUSAGE_CHILDREN.rawValue)
    }
}
