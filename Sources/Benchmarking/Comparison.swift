/// A candidate timed against a baseline in the same run: one warm-up each, then `runs` rounds that alternate
/// baseline and candidate, so a change in machine load hits both alike. The ratio is the median of the
/// per-round ratios (candidate / baseline; below 1 is faster).
struct Comparison {
    var baseline: BenchmarkResult
    var candidate: BenchmarkResult

    var wallRatio: Double { ratio(\.wall) }
    var cpuRatio: Double { ratio(\.cpu) }

    private func ratio(_ series: KeyPath<BenchmarkResult, [Double]>) -> Double {
        let pairs = zip(candidate[keyPath: series], baseline[keyPath: series]).map { $0 / $1 }
        return BenchmarkResult.percentile(pairs, 0.5)
    }

    static func measure(baseline: any Benchmark, candidate: any Benchmark, runs: Int) async throws -> Comparison {
        try baseline.setUp()
        defer { baseline.tearDown() }
        var comparison = Comparison(baseline: BenchmarkResult(name: baseline.name),
                                    candidate: BenchmarkResult(name: candidate.name))
        _ = try await baseline.run()
        try candidate.setUp()
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
