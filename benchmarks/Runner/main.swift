// Runner benchmarks: what the framework itself costs per capture per stage, against calling the same stages
// directly in a loop, measured in the same run on the shared harness (Benchmarking): one discarded warm-up each,
// then N rounds alternating direct calls (baseline) and the pipeline; medians and p95 per capture per stage.
//
//     swift run -c release RunnerBenchmarks [name ...] [--runs N] [--captures N] [--json PATH]
import Benchmarking
import Foundation
import Runner

#if DEBUG
print("warning: a debug build; run with -c release for figures worth recording")
#endif

/// A stage that hands its input on unchanged.
struct PassThrough: Stage {
    func process(_ input: Int, context: StageContext) async throws -> Int { input }
}

/// Emits 0..<count, all new.
struct CountingSource: CaptureSource {
    let count: Int
    func captures(context: SourceContext, emit: (SourceCapture<Int>) async throws -> Void) async throws {
        context.announce(total: count)
        for index in 0..<count { try await emit(SourceCapture(id: CaptureID(String(index)), signature: "1", value: index)) }
    }
}

/// A ledger that remembers nothing.
struct NullLedger: CaptureLedger {
    func signatures(source: String) async throws -> [CaptureID: String] { [:] }
    func recordFailure(_ failure: CaptureFailure, source: String, signature: String) async throws {}
    func forget(_ captures: [CaptureID], source: String) async throws {}
}

func chain(stages: Int, concurrency: Int, captures: Int) throws -> PipelineGraph {
    var registry = StageRegistry()
    registry.registerSource("count") { _ in CountingSource(count: captures) }
    registry.register("pass") { _ in PassThrough() }
    let ids = (0..<stages).map { "s\($0)" }
    let spec = PipelineSpec(
        name: "noop",
        sources: [.init(id: "in", kind: "count", options: [:], concurrency: 1, buffer: nil)],
        stages: ids.map { .init(id: $0, kind: "pass", options: [:], concurrency: concurrency, buffer: nil) },
        edges: [.init(from: ["in"], to: [ids[0]])] + zip(ids, ids.dropFirst()).map { .init(from: [$0], to: [$1]) })
    return try PipelineLoader(registry: registry, environment: StageEnvironment(baseDirectory: "/tmp")).load(spec, file: "noop")
}

/// The chain run through `PipelineRunner`; a fresh graph before every run, untimed. Items: captures x stages.
final class PipelineBenchmark: Benchmark {
    let name: String
    let concurrency: Int, captures: Int, stages: Int
    private var graph: PipelineGraph?

    init(concurrency: Int, captures: Int, stages: Int) {
        (self.concurrency, self.captures, self.stages) = (concurrency, captures, stages)
        name = "noop-c\(concurrency) pipeline"
    }

    func prepareRun() throws { graph = try chain(stages: stages, concurrency: concurrency, captures: captures) }

    func run() async throws -> Int {
        let summary = try await PipelineRunner(graph: graph!, ledger: NullLedger()).run()
        precondition(summary.indexed == captures)
        return captures * stages
    }
}

/// The same stages called directly in a loop. Items: captures x stages.
struct DirectBenchmark: Benchmark {
    let captures: Int, stages: Int
    var name: String { "direct calls" }

    func run() async throws -> Int {
        let stage = PassThrough()
        var sum = 0
        for index in 0..<captures {
            var value = index
            for step in 0..<stages {
                value = try await stage.process(value, context: StageContext(stageID: "s\(step)", capture: CaptureID(String(index)), worker: 0))
            }
            sum &+= value
        }
        precondition(sum >= 0)
        return captures * stages
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let captures = option("--captures").flatMap { Int($0) } ?? 20_000
let stageCount = 4
let runs = option("--runs").flatMap { Int($0) } ?? 7
let jsonPath = BenchmarkReport.path(in: arguments)
let optionValues = Set(["--runs", "--captures", "--json"].compactMap(option))
let selected = Set(arguments.filter { !$0.hasPrefix("--") && !optionValues.contains($0) })
var json = BenchmarkReport(name: "RunnerBenchmarks")
json.noteLoad("at the start")

for concurrency in [1, 2] where selected.isEmpty || selected.contains("noop-c\(concurrency)") {
    let comparison = try await Comparison.measure(
        baseline: DirectBenchmark(captures: captures, stages: stageCount),
        candidate: PipelineBenchmark(concurrency: concurrency, captures: captures, stages: stageCount), runs: runs)
    // Per-item figures are milliseconds per capture per stage; whole-run seconds for the summary line.
    let total = { (milliseconds: Double) in milliseconds * Double(captures * stageCount) / 1000 }
    let overhead = (comparison.candidate.median - comparison.baseline.median) * 1000
    print(String(format: "noop-c%d: %d captures x %d stages: pipeline %.3f s, direct calls %.3f s (median of %d); "
                 + "runner overhead %.2f µs per capture per stage (goal < 50); ratio pipeline/direct %.1fx",
                 concurrency, captures, stageCount, total(comparison.candidate.median),
                 total(comparison.baseline.median), runs, overhead, comparison.wallRatio))
    print(String(format: "  p95 per capture per stage: pipeline %.3f µs, direct calls %.3f µs",
                 comparison.candidate.p95 * 1000, comparison.baseline.p95 * 1000))
    json.comparisons.append(comparison)
}
json.noteLoad("at the end")
if let jsonPath { try json.write(to: jsonPath) }
