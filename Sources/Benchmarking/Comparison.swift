/// A candidate timed against a baseline in the same run: one warm-up each, then `runs` rounds that alternate
/// baseline and candidate, so a change in machine load hits both alike. The ratio is the median of the
/// per-round ratios (candidate / baseline; below 1 is faster).
public struct Comparison: Sendable, Encodable {
    public var baseline: BenchmarkResult
    public var candidate: BenchmarkResult

    public init(baseline: BenchmarkResult, candidate: BenchmarkResult) {
        self.baseline = baseline
        self.candidate = candidate
    }

    public var wallRatio: Double { ratio(\.wall) }
    public var cpuRatio: Double { ratio(\.cpu) }

    private enum CodingKeys: String, CodingKey { case baseline, candidate, wallRatio, cpuRatio }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(baseline, forKey: .baseline)
        try container.encode(candidate, forKey: .candidate)
        try container.encode(wallRatio, forKey: .wallRatio)
        // No CPU samples (per-query timings, say): no CPU ratio, rather than a NaN JSON cannot hold.
        if !cpuRatio.isNaN { try container.encode(cpuRatio, forKey: .cpuRatio) }
    }

    private func ratio(_ series: KeyPath<BenchmarkResult, [Double]>) -> Double {
        let pairs = zip(candidate[keyPath: series], baseline[keyPath: series]).map { $0 / $1 }
        return BenchmarkResult.percentile(pairs, 0.5)
    }

    public static func measure(baseline: any Benchmark, candidate: any Benchmark, runs: Int) async throws -> Comparison {
        try baseline.setUp()
        defer { baseline.tearDown() }
        var comparison = Comparison(baseline: BenchmarkResult(name: baseline.name),
                                    candidate: BenchmarkResult(name: candidate.name))
        try baseline.prepareRun()
        _ = try await baseline.run()
        try candidate.setUp()
        try candidate.prepareRun()
        _ = try await candidate.run()
        candidate.tearDown()
        for _ in 0..<runs {
            try await comparison.baseline.record(baseline)
            try candidate.setUp()
            try await comparison.candidate.record(candidate)
            candidate.tearDown()
        }
        return comparison
    }
}
