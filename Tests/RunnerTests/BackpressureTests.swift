import Runner
import Testing
import TestSupport

@Suite("Backpressure: a slow stage holds back everything before it")
struct BackpressureTests {
    @Test func givenASlowLastStage_thenCapturesInFlightNeverExceedTheBuffersAndWorkers() async throws {
        let gate = TestGate()
        let inFlight = Counter()
        var registry = StageRegistry()
        registry.registerSource("list") { _ in
            ListSource(values: Array(0..<40)) { _ in inFlight.add() }
        }
        registry.register("fast") { _ in ClosureStage<Int, Int> { value, _ in value } }
        registry.register("slow") { _ in
            ClosureStage<Int, Int> { value, _ in
                await gate.pass()
                inFlight.add(-1)
                return value
            }
        }
        // Each stage holds at most buffer + concurrency captures; the source holds the one it is sending.
        let graph = try loadPipeline("""
            {"sources": [{"id": "in", "kind": "list"}],
             "stages": [{"id": "a", "kind": "fast", "concurrency": 2, "buffer": 3},
                        {"id": "b", "kind": "fast", "buffer": 1},
                        {"id": "slow", "kind": "slow", "concurrency": 2, "buffer": 2}],
             "edges": [{"from": "in", "to": "a"}, {"from": "a", "to": "b"}, {"from": "b", "to": "slow"}]}
            """, registry: registry)
        let bound = (3 + 2) + (1 + 1) + (2 + 2) + 1
        let runner = PipelineRunner(graph: graph, ledger: InMemoryLedger())
        async let summary = runner.run()

        await inFlight.waitFor(bound)          // the pipeline is full while the slow stage holds two captures
        #expect(gate.arrivals == 2)
        for _ in 0..<40 { gate.release() }     // drain one capture at a time
        let result = try await summary
        #expect(result.indexed == 40)
        #expect(inFlight.maximum == bound)
        #expect(inFlight.value == 0)
    }
}
