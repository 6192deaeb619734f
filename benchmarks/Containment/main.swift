// Containment benchmarks: what the journal of captures under way costs per capture, measured as the difference
// between the same run with and without it, in one process, rounds interleaved, on the shared harness
// (Benchmarking): one discarded warm-up each, then N rounds alternating without (baseline) and with the journal.
//
//     swift run -c release ContainmentBenchmarks [--captures N] [--stages N] [--rounds N] [--json PATH]
import Benchmarking
import Foundation
import PoolPipeline
import Runner
import Store
import TestSupport

#if DEBUG
print("warning: a debug build; run with -c release for figures worth recording")
#endif

func value(_ name: String, default fallback: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: "--" + name), index + 1 < arguments.count,
          let value = Int(arguments[index + 1]) else { return fallback }
    return value
}

let captures = value("captures", default: 20_000)
let stages = value("stages", default: 7)
let rounds = value("rounds", default: 5)

var registry = StageRegistry()
registry.registerSource("count") { _ in ListSource(values: Array(0..<captures)) }
registry.register("pass") { _ in ClosureStage<Int, Int> { value, _ in value } }
let spec = """
    {"sources": [{"id": "in", "kind": "count"}],
     "stages": [\((0..<stages).map { "{\"id\": \"s\($0)\", \"kind\": \"pass\"}" }.joined(separator: ", "))],
     "edges": [{"from": "in", "to": "s0"}\((1..<stages).map { ", {\"from\": \"s\($0 - 1)\", \"to\": \"s\($0)\"}" }.joined())]}
    """
let graph = try PipelineLoader(registry: registry, environment: StageEnvironment(baseDirectory: "/tmp"))
    .load(PipelineSpec.parse(Data(spec.utf8), file: "bench.json"), file: "bench.json")
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("containment-bench-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let store = try IndexStore(path: folder.appendingPathComponent("index.sqlite").path)

/// One run of the pipeline, with the journal or without. Items: captures.
struct JournalBenchmark: Benchmark {
    let journaled: Bool
    var name: String { journaled ? "with the journal" : "without the journal" }

    func run() async throws -> Int {
        let journal = journaled ? CaptureJournal(store: store) : nil
        let runner = PipelineRunner(graph: graph, ledger: InMemoryLedger(), options: .init(journal: journal))
        let summary = try await runner.run()
        precondition(summary.indexed == captures, "the run indexed \(summary.indexed) of \(captures)")
        return captures
    }
}

let comparison = try await Comparison.measure(baseline: JournalBenchmark(journaled: false),
                                              candidate: JournalBenchmark(journaled: true), runs: rounds)
let perCaptureWithout = comparison.baseline.median * 1e3
let perCaptureWith = comparison.candidate.median * 1e3
print("\(captures) captures through \(stages) pass-through stages, \(rounds) rounds (medians):")
print(String(format: "  without the journal: %.2f µs per capture (p95 %.2f)", perCaptureWithout,
             comparison.baseline.p95 * 1e3))
print(String(format: "  with the journal:    %.2f µs per capture (p95 %.2f; %d notes per capture)", perCaptureWith,
             comparison.candidate.p95 * 1e3, 2 + 2 * stages))
print(String(format: "  the journal costs    %.2f µs per capture (ratio with/without %.2fx, median of the rounds)",
             perCaptureWith - perCaptureWithout, comparison.wallRatio))
if let jsonPath = BenchmarkReport.path(in: CommandLine.arguments) {
    var json = BenchmarkReport(name: "ContainmentBenchmarks")
    json.comparisons = [comparison]
    json.notes = ["\(captures) captures through \(stages) pass-through stages; times per capture"]
    json.noteLoad("at the end")
    try json.write(to: jsonPath)
}
