extension BenchmarkResult {
    /// Times `benchmark` alone (no baseline): `setUp`, one discarded warm-up, `runs` timed runs, `tearDown`.
    public static func measure(_ benchmark: any Benchmark, runs: Int) async throws -> BenchmarkResult {
        try benchmark.setUp()
        defer { benchmark.tearDown() }
        var result = BenchmarkResult(name: benchmark.name)
        try benchmark.prepareRun()
        _ = try await benchmark.run()
        for _ in 0..<runs { try await result.record(benchmark) }
        return result
    }
}

extension Comparison {
    /// Several candidates against one baseline in the same run: one warm-up each, then `runs` rounds, each
    /// timing the baseline and then every candidate in turn, so a change in machine load hits all alike.
    public static func measure(baseline: any Benchmark, candidates: [any Benchmark],
                               runs: Int) async throws -> [Comparison] {
        let everyone = [baseline] + candidates
        for benchmark in everyone { try benchmark.setUp() }
        defer { for benchmark in everyone { benchmark.tearDown() } }
        var results = everyone.map { BenchmarkResult(name: $0.name) }
        for benchmark in everyone {
            try benchmark.prepareRun()
            _ = try await benchmark.run()
        }
        for _ in 0..<runs {
            for index in everyone.indices { try await results[index].record(everyone[index]) }
        }
        return results.dropFirst().map { Comparison(baseline: results[0], candidate: $0) }
    }
}
