// Containment benchmarks: what the journal of captures under way costs per capture, measured as the difference
// between the same run with and without it, in one process, rounds interleaved.
//
//     swift run -c release ContainmentBenchmarks [--captures N] [--stages N] [--rounds N]
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

/// Seconds for one run of the pipeline, with the journal or without.
func timeRun(journaled: Bool) async throws -> Double {
    let journal = journaled ? CaptureJournal(store: store) : nil
    let runner = PipelineRunner(graph: graph, ledger: InMemoryLedger(), options: .init(journal: journal))
    let start = ContinuousClock.now
    let summary = try await runner.run()
    let elapsed = ContinuousClock.now - start
    precondition(summary.indexed == captures, "the run indexed \(summary.indexed) of \(captures)")
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

_ = try await timeRun(journaled: false)           // warm-up
_ = try await timeRun(journaled: true)
var without: [Double] = [], with: [Double] = []
for _ in 0..<rounds {
    without.append(try await timeRun(journaled: false))
    with.append(try await timeRun(journaled: true))
}
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
let perCaptureWithout = median(without) / Double(captures) * 1e6
let perCaptureWith = median(with) / Double(captures) * 1e6
print("\(captures) captures through \(stages) pass-through stages, \(rounds) rounds (medians):")
print(String(format: "  without the journal: %.2f µs per capture", perCaptureWithout))
print(String(format: "  with the journal:    %.2f µs per capture (%d notes per capture)", perCaptureWith, 2 + 2 * stages))
print(String(format: "  the journal costs    %.2f µs per capture", perCaptureWith - perCaptureWithout))
