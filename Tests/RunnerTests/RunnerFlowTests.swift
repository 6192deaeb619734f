import Runner
import Testing
import TestSupport

@Suite("Running a pipeline moves every capture through its stages once")
struct RunnerFlowTests {
    @Test func givenALinearPipeline_whenItRuns_thenEveryCaptureReachesTheEnd() async throws {
        let collected = Collected()
        let graph = try loadPipeline("""
            {"sources": [{"id": "in", "kind": "list"}],
             "stages": [{"id": "twice", "kind": "double", "concurrency": 2}, {"id": "spell", "kind": "spell"},
                        {"id": "out", "kind": "collect"}],
             "edges": [{"from": "in", "to": "twice"}, {"from": "twice", "to": "spell"}, {"from": "spell", "to": "out"}]}
            """, registry: testRegistry(count: 20, collected: collected))
        let summary = try await PipelineRunner(graph: graph, ledger: InMemoryLedger()).run()
        #expect(summary.reason == .completed)
        #expect(summary.indexed == 20)
        #expect(collected.all.count == 20)
        #expect(collected.all[CaptureID("c7")] == ["n14"])
        #expect(summary.status.phase == .idle)
        #expect(summary.status.lastRun?.indexed == 20)
    }

    @Test func givenAFanOutAndAJoin_whenItRuns_thenTheJoinSeesBothBranchesOfTheSameCapture() async throws {
        let collected = Collected()
        let graph = try loadPipeline("""
            {"sources": [{"id": "in", "kind": "list"}],
             "stages": [{"id": "twice", "kind": "double", "concurrency": 2}, {"id": "spell", "kind": "spell", "concurrency": 3},
                        {"id": "pair", "kind": "pair"}, {"id": "out", "kind": "collect"}],
             "edges": [{"from": "in", "to": "twice"}, {"from": "twice", "to": ["spell", "pair"]},
                       {"from": ["spell"], "to": "pair"}, {"from": "pair", "to": "out"}]}
            """, registry: testRegistry(count: 30, collected: collected))
        let summary = try await PipelineRunner(graph: graph, ledger: InMemoryLedger()).run()
        #expect(summary.indexed == 30)
        for index in 0..<30 {
            #expect(collected.all[CaptureID("c\(index)")] == ["\(2 * index):n\(2 * index)"])
        }
    }

    @Test func givenAStageThatFailsOneCapture_whenItRuns_thenOnlyThatCaptureFailsWithItsReason() async throws {
        var registry = testRegistry(count: 6)
        struct Corrupt: Error, CustomStringConvertible { var description: String { "not an image" } }
        registry.register("spell") { _ in
            ClosureStage<Int, String> { value, _ in
                if value == 6 { throw Corrupt() }
                return "n\(value)"
            }
        }
        let graph = try loadPipeline("""
            {"sources": [{"id": "in", "kind": "list"}],
             "stages": [{"id": "twice", "kind": "double"}, {"id": "spell", "kind": "spell"}, {"id": "pair", "kind": "pair"}],
             "edges": [{"from": "in", "to": "twice"}, {"from": "twice", "to": ["spell", "pair"]}, {"from": "spell", "to": "pair"}]}
            """, registry: registry)
        let ledger = InMemoryLedger()
        let summary = try await PipelineRunner(graph: graph, ledger: ledger).run()
        #expect(summary.reason == .completed)
        #expect(summary.indexed == 5)
        #expect(summary.failed == 1)
        #expect(ledger.failures == [CaptureFailure(capture: CaptureID("c3"), stageID: "spell", reason: "not an image")])
        #expect(summary.status.lastRun?.failed == 1)
    }

    @Test func aRunnerRunsOnce() async throws {
        let graph = try loadPipeline("""
            {"sources": [{"id": "in", "kind": "list"}], "stages": [{"id": "d", "kind": "double"}], "edges": [{"from": "in", "to": "d"}]}
            """, registry: testRegistry())
        let runner = PipelineRunner(graph: graph, ledger: InMemoryLedger())
        _ = try await runner.run()
        await #expect(throws: RunnerError.alreadyRunning) { try await runner.run() }
    }
}
