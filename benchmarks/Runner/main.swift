// Runner benchmarks: what the framework itself costs per capture per stage, against calling the same stages
// directly in a loop, measured in the same run.
//
//     swift run -c release RunnerBenchmarks [name ...]
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

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

let captures = 20_000
let stageCount = 4
let runs = 7
let selected = Set(CommandLine.arguments.dropFirst())

for concurrency in [1, 2] where selected.isEmpty || selected.contains("noop-c\(concurrency)") {
    var pipelineTimes: [Double] = []
    var directTimes: [Double] = []
    for run in 0...runs {
        let graph = try chain(stages: stageCount, concurrency: concurrency, captures: captures)
        let clock = ContinuousClock()
        let pipelineTime = try await clock.measure {
            let summary = try await PipelineRunner(graph: graph, ledger: NullLedger()).run()
            precondition(summary.indexed == captures)
        }
        let stage = PassThrough()
        let directTime = try await clock.measure {
            var sum = 0
            for index in 0..<captures {
                var value = index
                for step in 0..<stageCount {
                    value = try await stage.process(value, context: StageContext(stageID: "s\(step)", capture: CaptureID(String(index)), worker: 0))
                }
                sum &+= value
            }
            precondition(sum >= 0)
        }
        if run > 0 {   // run 0 is the warm-up
            pipelineTimes.append(seconds(pipelineTime))
            directTimes.append(seconds(directTime))
        }
    }
    let perStage = { (time: Double) in time / Double(captures * stageCount) * 1e6 }
    let overhead = perStage(median(pipelineTimes)) - perStage(median(directTimes))
    print(String(format: "noop-c%d: %d captures x %d stages: pipeline %.3f s, direct calls %.3f s (median of %d); "
                 + "runner overhead %.2f µs per capture per stage (goal < 50); ratio pipeline/direct %.1fx",
                 concurrency, captures, stageCount, median(pipelineTimes), median(directTimes), runs, overhead,
                 median(pipelineTimes) / median(directTimes)))
}
