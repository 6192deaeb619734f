import Benchmarking
import Foundation
import Synchronization
import Testing

@Suite("The shared benchmark harness: warm-up, alternating runs, percentiles, ratios, JSON")
struct BenchmarkHarnessTests {
    /// A benchmark that only records what the harness asked of it, in order.
    final class Recorder: Benchmark, Sendable {
        let name: String
        let log: Mutex<[String]>
        let shared: Recorder?

        init(_ name: String, sharing other: Recorder? = nil) {
            self.name = name
            log = Mutex([])
            shared = other
        }

        private func note(_ event: String) {
            (shared ?? self).log.withLock { $0.append("\(name).\(event)") }
        }

        func setUp() throws { note("setUp") }
        func run() async throws -> Int {
            note("run")
            return 4
        }
        func tearDown() { note("tearDown") }
    }

    @Test("percentiles are nearest-rank on the sorted values; none give NaN")
    func percentiles() {
        let values: [Double] = [9, 1, 5, 3, 7, 2, 8, 4, 6, 10]
        #expect(BenchmarkResult.percentile(values, 0.5) == 6)
        #expect(BenchmarkResult.percentile(values, 0.95) == 10)
        #expect(BenchmarkResult.percentile(values, 0) == 1)
        #expect(BenchmarkResult.percentile([], 0.5).isNaN)
        let result = BenchmarkResult(name: "x", wall: [2, 4, 6])
        #expect(result.median == 4 && result.mean == 4 && result.throughput == 250)
    }

    @Test("a comparison warms each up once, then alternates baseline and candidate for every timed run")
    func alternates() async throws {
        let baseline = Recorder("base")
        let candidate = Recorder("new", sharing: baseline)
        let comparison = try await Comparison.measure(baseline: baseline, candidate: candidate, runs: 2)
        #expect(baseline.log.withLock { $0 } == [
            "base.setUp", "base.run", "new.setUp", "new.run", "new.tearDown",
            "base.run", "new.setUp", "new.run", "new.tearDown",
            "base.run", "new.setUp", "new.run", "new.tearDown", "base.tearDown",
        ])
        #expect(comparison.baseline.wall.count == 2 && comparison.candidate.wall.count == 2)
        #expect(comparison.baseline.cpu.count == 2)
    }

    @Test("the ratio is the median of the per-round ratios, candidate over baseline")
    func ratio() {
        let comparison = Comparison(baseline: BenchmarkResult(name: "b", wall: [10, 20, 40], cpu: [1, 1, 1]),
                                    candidate: BenchmarkResult(name: "c", wall: [5, 30, 20], cpu: [2, 3, 4]))
        #expect(comparison.wallRatio == 0.5)   // per round: 0.5, 1.5, 0.5
        #expect(comparison.cpuRatio == 3)
    }

    @Test("results encode as JSON with p50, p95, throughput and the samples")
    func json() throws {
        let comparison = Comparison(baseline: BenchmarkResult(name: "b", wall: [10, 20], cpu: [1, 2]),
                                    candidate: BenchmarkResult(name: "c", wall: [5, 10], cpu: [1, 1]))
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(comparison))
            as? [String: Any])
        #expect(object["wallRatio"] as? Double == 0.5)
        let candidate = try #require(object["candidate"] as? [String: Any])
        #expect(candidate["name"] as? String == "c")
        #expect(candidate["samples"] as? Int == 2)
        #expect(candidate["p50Milliseconds"] as? Double == 10)
        #expect(candidate["perSecond"] as? Double == 100)
        #expect(candidate["wall"] as? [Double] == [5, 10])
    }
}
