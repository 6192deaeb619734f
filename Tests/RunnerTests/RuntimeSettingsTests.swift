import Foundation
import Runner
import TestSupport
import Testing

@Suite("Process-wide library settings are settled once per graph from every stage's needs")
struct RuntimeSettingsTests {
    /// `test.json` with a list source feeding `stages` (id, kind, concurrency) in a chain.
    private func pipeline(_ stages: [(id: String, kind: String, concurrency: Int)]) -> String {
        let nodes = stages.map { #"{"id": "\#($0.id)", "kind": "\#($0.kind)", "concurrency": \#($0.concurrency)}"# }
        let chain = zip(["in"] + stages.map(\.id), stages.map(\.id)).map { #"{"from": "\#($0)", "to": "\#($1)"}"# }
        return #"{"sources": [{"id": "in", "kind": "list"}], "stages": [\#(nodes.joined(separator: ", "))], "#
            + #""edges": [\#(chain.joined(separator: ", "))]}"#
    }

    /// Stage kinds that declare needs the way the families do, and appliers that record what they are given.
    private func registry(applied: MutexBox<[String]>, failing: Bool = false) -> StageRegistry {
        var registry = testRegistry()
        for (kind, need) in [("blas", RuntimeNeed.blasCallers(0)), ("vips", .vipsThreadsPerImage(0)),
                             ("omp", .openMPThreadLimit(0))] {
            registry.register(kind) { setup in
                switch need {
                case .blasCallers: setup.need(.blasCallers(setup.concurrency))
                case .vipsThreadsPerImage: setup.need(.vipsThreadsPerImage(setup.concurrency))
                case .openMPThreadLimit: setup.need(.openMPThreadLimit(setup.concurrency))
                }
                return ClosureStage<Int, Int> { value, _ in value }
            }
        }
        for resource in RuntimeResource.allCases {
            registry.registerRuntime(resource) { value in
                struct Refused: Error {}
                if failing { throw Refused() }
                applied.update { $0.append("\(resource.rawValue)=\(value)") }
            }
        }
        return registry
    }

    @Test("given three stages calling BLAS, when the graph loads, then BLAS threads are set once to cores ÷ all callers, in any order")
    func blasSettledOnceWhateverTheOrder() throws {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let expected = max(1, cores / 4)
        for order in [[("a", 2), ("b", 1), ("c", 1)], [("c", 1), ("b", 1), ("a", 2)]] {
            let applied = MutexBox<[String]>([])
            let graph = try loadPipeline(pipeline(order.map { (id: $0.0, kind: "blas", concurrency: $0.1) }),
                                         registry: registry(applied: applied))
            #expect(applied.get() == ["BLAS threads per call=\(expected)"])
            #expect(graph.runtime[.blasThreads] == expected)
            #expect(graph.runtime.requests.map(\.stageID) == order.map(\.0))
        }
    }

    @Test("given libvips and OpenMP needs, then libvips gets the largest asked for and OpenMP the smallest limit")
    func vipsLargestOpenMPSmallest() throws {
        let applied = MutexBox<[String]>([])
        let graph = try loadPipeline(pipeline([("v1", "vips", 1), ("v3", "vips", 3), ("o2", "omp", 2), ("o1", "omp", 1)]),
                                     registry: registry(applied: applied))
        #expect(applied.get() == ["libvips threads per image=3", "OpenMP thread limit=1"])
        #expect(graph.runtime.notes == ["runtime: libvips threads per image = 3 (v1 1, v3 3)",
                                        "runtime: OpenMP thread limit = 1 (o2 2, o1 1)"])
    }

    @Test("given stages that need nothing, then no setting is applied and the run's notes say nothing")
    func nothingNeeded() throws {
        let applied = MutexBox<[String]>([])
        let graph = try loadPipeline(pipeline([("twice", "double", 2)]), registry: registry(applied: applied))
        #expect(applied.get().isEmpty)
        #expect(graph.runtime.requests.isEmpty && graph.runtime.values.isEmpty && graph.runtime.notes.isEmpty)
    }

    @Test("given a setting the library refuses, then loading fails naming the stage that asked and the setting")
    func refusedSetting() {
        let error = #expect(throws: PipelineError.self) {
            _ = try loadPipeline(pipeline([("decode", "vips", 2)]), registry: registry(applied: MutexBox([]), failing: true))
        }
        #expect(error?.stage == "decode")
        #expect(error?.description.contains("cannot set libvips threads per image to 2") == true)
    }

    @Test("given one stage built by hand (bench), then its needs are settled for it alone")
    func singleStage() throws {
        let applied = MutexBox<[String]>([])
        let loader = PipelineLoader(registry: registry(applied: applied), environment: StageEnvironment(baseDirectory: "/"))
        let stage = try loader.stage(kind: "blas", concurrency: 1)
        #expect(stage.runtime[.blasThreads] == ProcessInfo.processInfo.activeProcessorCount)
        #expect(applied.get().count == 1)
    }
}
