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
        let prepares: Bool

        init(_ name: String, sharing other: Recorder? = nil, prepares: Bool = false) {
            self.name = name
            log = Mutex([])
            shared = other
            self.prepares = prepares
        }

        private func note(_ event: String) {
            (shared ?? self).log.withLock { $0.append("\(name).\(event)") }
        }

        func setUp() throws { note("setUp") }
        func prepareRun() throws { if prepares { note("prepare") } }
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

    @Test("a comparison of wall times alone encodes without a CPU ratio instead of failing on NaN")
    func wallOnlyJSON() throws {
        let comparison = Comparison(baseline: BenchmarkResult(name: "b", wall: [10, 20]),
                                    candidate: BenchmarkResult(name: "c", wall: [5, 10]))
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(comparison))
            as? [String: Any])
        #expect(object["wallRatio"] as? Double == 0.5)
        #expect(object["cpuRatio"] == nil)
    }

    @Test("prepareRun comes before every run, the warm-up included, and a lone measure warms up once")
    func prepares() async throws {
        let alone = Recorder("one", prepares: true)
        let result = try await BenchmarkResult.measure(alone, runs: 2)
        #expect(alone.log.withLock { $0 } == [
            "one.setUp", "one.prepare", "one.run", "one.prepare", "one.run", "one.prepare", "one.run", "one.tearDown",
        ])
        #expect(result.wall.count == 2 && result.name == "one")
    }

    @Test("several candidates alternate with one baseline, round by round, one comparison each")
    func severalCandidates() async throws {
        let baseline = Recorder("base")
        let first = Recorder("a", sharing: baseline), second = Recorder("b", sharing: baseline)
        let comparisons = try await Comparison.measure(baseline: baseline, candidates: [first, second], runs: 2)
        #expect(baseline.log.withLock { $0 } == [
            "base.setUp", "a.setUp", "b.setUp", "base.run", "a.run", "b.run",
            "base.run", "a.run", "b.run", "base.run", "a.run", "b.run",
            "base.tearDown", "a.tearDown", "b.tearDown",
        ])
        #expect(comparisons.map(\.candidate.name) == ["a", "b"])
        #expect(comparisons.allSatisfy { $0.baseline.name == "base" && $0.baseline.wall.count == 2 })
    }

    @Test("a report writes its comparisons, results and notes as one JSON document")
    func report() throws {
        var report = BenchmarkReport(name: "Bench")
        report.results.append(BenchmarkResult(name: "alone", wall: [1, 3], cpu: [1, 1]))
        report.comparisons.append(Comparison(baseline: BenchmarkResult(name: "b", wall: [2], cpu: [2]),
                                             candidate: BenchmarkResult(name: "c", wall: [1], cpu: [1])))
        report.notes.append("a note")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try report.write(to: path)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
            as? [String: Any])
        #expect(object["name"] as? String == "Bench")
        #expect((object["notes"] as? [String]) == ["a note"])
        #expect((object["results"] as? [[String: Any]])?.first?["p50Milliseconds"] as? Double == 3)
        #expect((object["comparisons"] as? [[String: Any]])?.first?["wallRatio"] as? Double == 0.5)
        #expect(BenchmarkReport.path(in: ["x", "--json", "out.json"]) == "out.json")
        #expect(BenchmarkReport.path(in: ["--json"]) == nil)
    }
}
