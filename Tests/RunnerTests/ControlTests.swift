import Runner
import Testing
import TestSupport

@Suite("Pause, throttle and stop act at stage boundaries and lose nothing")
struct ControlTests {
    /// A pipeline `in -> work -> persist` where `work` waits on `gate` and `persist` marks the ledger.
    private func pipeline(count: Int, gate: TestGate, processed: MutexBox<[CaptureID]>, ledger: InMemoryLedger,
                          concurrency: Int = 1) throws -> PipelineGraph {
        var registry = StageRegistry()
        registry.registerSource("list") { _ in ListSource(values: Array(0..<count)) }
        registry.register("work") { _ in
            ClosureStage<Int, Int> { value, context in
                await gate.pass()
                processed.update { $0.append(context.capture) }
                return value
            }
        }
        registry.register("persist") { _ in
            ClosureStage<Int, Int> { value, context in
                ledger.markIndexed(context.capture, source: "in", signature: "1")
                return value
            }
        }
        return try loadPipeline("""
            {"sources": [{"id": "in", "kind": "list"}],
             "stages": [{"id": "work", "kind": "work", "concurrency": \(concurrency)}, {"id": "persist", "kind": "persist"}],
             "edges": [{"from": "in", "to": "work"}, {"from": "work", "to": "persist"}]}
            """, registry: registry)
    }

    /// A broken pause lets the next capture in, which then never waits at the door: the time limit fails it.
    @Test(.timeLimit(.minutes(1)))
    func givenAPause_thenCapturesInsideFinishAndNoneIsLostOrDoneTwiceAfterResume() async throws {
        let gate = TestGate()
        let processed = MutexBox<[CaptureID]>([])
        let ledger = InMemoryLedger()
        let runner = PipelineRunner(graph: try pipeline(count: 12, gate: gate, processed: processed, ledger: ledger),
                                    ledger: ledger)
        async let summary = runner.run()

        await gate.waitForArrivals(1)             // one capture is inside `work`
        runner.pause()
        #expect(runner.status.phase == .paused)
        #expect(runner.status.pauseReason == .byApp)
        gate.release()                             // the capture inside finishes...
        await runner.waitForWaitingCaptures(stage: "work", count: 1)
        #expect(gate.arrivals == 1)                // ...and the next one waits at the door instead of entering
        gate.open()
        runner.resume()
        #expect(runner.status.phase == .indexing)

        let result = try await summary
        #expect(result.indexed == 12)
        let ids = processed.get()
        #expect(ids.count == 12)
        #expect(Set(ids).count == 12)
    }

    @Test func givenAStop_thenTheRunEndsCleanlyAndTheNextRunCarriesOn() async throws {
        let gate = TestGate()
        let processed = MutexBox<[CaptureID]>([])
        let ledger = InMemoryLedger()
        let first = PipelineRunner(graph: try pipeline(count: 10, gate: gate, processed: processed, ledger: ledger),
                                   ledger: ledger)
        async let firstSummary = first.run()
        gate.release(3)
        await gate.waitForArrivals(4)             // three done, the fourth waits inside `work`
        first.stop()
        gate.release()                             // the capture inside finishes and is stored
        let stopped = try await firstSummary
        #expect(stopped.reason == .stopped)
        #expect(stopped.status.phase == .paused)
        #expect(stopped.indexed == 4)
        #expect(ledger.indexed.count == 4)

        gate.open()
        let second = PipelineRunner(graph: try pipeline(count: 10, gate: gate, processed: processed, ledger: ledger),
                                    ledger: ledger, options: .init(initialStatus: stopped.status))
        let carried = try await second.run()
        #expect(carried.reason == .completed)
        #expect(carried.indexed == 6)
        #expect(ledger.indexed.count == 10)
        #expect(processed.get().count == 10)       // nothing was done twice
    }

    @Test func givenASystemStop_thenTheLastRunSaysEndedBySystem() async throws {
        let gate = TestGate()
        let ledger = InMemoryLedger()
        let runner = PipelineRunner(graph: try pipeline(count: 5, gate: gate, processed: MutexBox([]), ledger: ledger),
                                    ledger: ledger)
        async let summary = runner.run()
        await gate.waitForArrivals(1)
        runner.stop(.system)
        gate.open()
        let result = try await summary
        #expect(result.reason == .endedBySystem)
        #expect(result.status.pauseReason == .interrupted)
    }

    @Test func givenAHotMachine_thenConcurrencyDropsAndIndexingGoesOn() async throws {
        struct FakePower: PowerMonitor {
            let hot: MutexBox<Bool>
            func conditions() -> PowerConditions { PowerConditions(hot: hot.get()) }
        }
        let hot = MutexBox(false)
        let gate = TestGate()
        let inside = Counter()
        var registry = StageRegistry()
        registry.registerSource("list") { _ in ListSource(values: Array(0..<8)) }
        registry.register("work") { _ in
            ClosureStage<Int, Int> { value, _ in
                inside.add()
                await gate.pass()
                inside.add(-1)
                return value
            }
        }
        let graph = try loadPipeline("""
            {"sources": [{"id": "in", "kind": "list"}], "stages": [{"id": "work", "kind": "work", "concurrency": 4}],
             "edges": [{"from": "in", "to": "work"}]}
            """, registry: registry)
        let clock = ManualClock()
        let runner = PipelineRunner(graph: graph, ledger: InMemoryLedger(), options: .init(
            powerMonitor: FakePower(hot: hot), powerInterval: .seconds(5), clock: clock))
        hot.update { $0 = true }
        async let summary = runner.run()
        await gate.waitForArrivals(2)              // read as the run starts: throttled from 4 workers to 2
        #expect(runner.status.detail.throttled)
        #expect(runner.status.detail.text.contains("slowed down: the machine is hot"))
        gate.release(2)
        await gate.waitForArrivals(4)
        #expect(inside.maximum == 2)
        await clock.waitForSleepers(1)
        hot.update { $0 = false }
        clock.advance(by: .seconds(5))
        await clock.waitForSleepers(1)             // read again: full speed
        #expect(!runner.status.detail.throttled)
        gate.open()
        let result = try await summary
        #expect(result.indexed == 8)
        #expect(!result.status.detail.throttled)
    }
}
