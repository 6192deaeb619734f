import Glibc

/// Timings of one benchmark: per-capture wall and CPU milliseconds for each timed run (or each capture, for
/// `pool-pipeline bench`). Encodes as JSON with its p50, p95 and throughput.
public struct BenchmarkResult: Sendable, Encodable {
    public var name: String
    /// Wall time of each run divided by the captures it processed, in milliseconds.
    public var wall: [Double] = []
    /// CPU time (user + system, every thread, child processes included) per capture, in milliseconds.
    public var cpu: [Double] = []

    public init(name: String, wall: [Double] = [], cpu: [Double] = []) {
        self.name = name
        self.wall = wall
        self.cpu = cpu
    }

    public var median: Double { Self.percentile(wall, 0.5) }
    public var p95: Double { Self.percentile(wall, 0.95) }
    public var cpuMedian: Double { Self.percentile(cpu, 0.5) }
    public var mean: Double { wall.isEmpty ? .nan : wall.reduce(0, +) / Double(wall.count) }
    /// Captures per second at the median.
    public var throughput: Double { 1000 / median }

    /// The value at `fraction` (0.5: the median) of the sorted values, nearest rank; NaN when there are none.
    public static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[Int((Double(sorted.count - 1) * fraction).rounded())]
    }

    /// Runs `benchmark` once (after its untimed `prepareRun`) and appends its per-capture wall and CPU time.
    public mutating func record(_ benchmark: any Benchmark) async throws {
        try benchmark.prepareRun()
        let cpuBefore = Self.cpuMilliseconds()
        var count = 0
        let elapsed = try await ContinuousClock().measure { count = try await benchmark.run() }
        let cpuAfter = Self.cpuMilliseconds()
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        wall.append(milliseconds / Double(max(count, 1)))
        cpu.append((cpuAfter - cpuBefore) / Double(max(count, 1)))
    }

    /// CPU time used so far by this process and its finished children.
    public static func cpuMilliseconds() -> Double {
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

extension BenchmarkResult {
    private enum CodingKeys: String, CodingKey {
        case name, samples, p50Milliseconds, p95Milliseconds, meanMilliseconds, cpuP50Milliseconds, perSecond, wall, cpu
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(wall.count, forKey: .samples)
        try container.encode(median, forKey: .p50Milliseconds)
        try container.encode(p95, forKey: .p95Milliseconds)
        try container.encode(mean, forKey: .meanMilliseconds)
        if !cpu.isEmpty { try container.encode(cpuMedian, forKey: .cpuP50Milliseconds) }
        try container.encode(throughput, forKey: .perSecond)
        try container.encode(wall, forKey: .wall)
        try container.encode(cpu, forKey: .cpu)
    }
}
