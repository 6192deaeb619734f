import Foundation
import Runner
import Testing
import TestSupport

/// Power conditions a test sets.
final class ManualPowerMonitor: PowerMonitor {
    let current = MutexBox(PowerConditions())

    func conditions() -> PowerConditions { current.get() }
}

/// A grant another "process" holds until the test frees it; each wait for a change passes a gate.
final class HeldGrant: RunGrant {
    let holder = MutexBox<String?>("process 4242, which is indexing into /data/index.sqlite")
    let changes = TestGate()

    func acquire() async throws -> String? { holder.get() }
    func waitForChange() async throws { await changes.pass() }
}

/// A pipeline of `count` captures through one stage that waits at `gate` for each capture.
func gatedPipeline(count: Int, gate: TestGate) throws -> PipelineGraph {
    var registry = testRegistry(count: count)
    registry.register("double") { _ in
        ClosureStage<Int, Int> { value, _ in
            await gate.pass()
            return value
        }
    }
    return try loadPipeline("""
        {"sources": [{"id": "in", "kind": "list"}], "stages": [{"id": "d", "kind": "double"}],
         "edges": [{"from": "in", "to": "d"}]}
        """, registry: registry)
}

@Suite("When indexing tries again by itself: lastRun.nextAttempt")
struct NextAttemptTests {
    let at = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func givenEachReason_thenTheNextAttemptFollowsThePolicy() {
        let policy = RetryPolicy()
        let expected: [(LastRun.Reason, TimeInterval?)] = [
            (.completed, 900), (.endedBySystem, 60), (.interrupted, 60), (.failed, 600), (.waiting, 60), (.stopped, nil),
        ]
        for (reason, delay) in expected {
            #expect(policy.nextAttempt(after: reason, at: at) == delay.map { at.addingTimeInterval($0) }, "\(reason)")
        }
    }

    @Test func givenALastRun_thenAScheduledRunIsDueOnceItsAttemptHasCome() {
        let policy = RetryPolicy()
        #expect(policy.isDue(after: nil, now: at))
        let failed = LastRun(reason: .failed, finishedAt: at, nextAttempt: at.addingTimeInterval(600), indexed: 1, failed: 0)
        #expect(!policy.isDue(after: failed, now: at.addingTimeInterval(599)))
        #expect(policy.isDue(after: failed, now: at.addingTimeInterval(600)))
        // A one-off run names no attempt: the policy's interval after it counts.
        let oneOff = LastRun(reason: .completed, finishedAt: at, indexed: 5, failed: 0)
        #expect(!policy.isDue(after: oneOff, now: at.addingTimeInterval(899)))
        #expect(policy.isDue(after: oneOff, now: at.addingTimeInterval(900)))
        let stopped = LastRun(reason: .stopped, finishedAt: at, indexed: 2, failed: 0)
        #expect(!policy.isDue(after: stopped, now: at.addingTimeInterval(86_400)))
    }

    @Test func givenARetryPolicy_whenTheRunCompletes_thenNextAttemptIsTheUpdateRunAndTheTextSaysWhen() async throws {
        let graph = try loadPipeline("""
            {"sources": [{"id": "in", "kind": "list"}], "stages": [{"id": "d", "kind": "double"}],
             "edges": [{"from": "in", "to": "d"}]}
            """, registry: testRegistry(count: 3))
        let summary = try await PipelineRunner(graph: graph, ledger: InMemoryLedger(),
                                               options: .init(retry: RetryPolicy(afterCompleted: 300))).run()
        let last = try #require(summary.status.lastRun)
        #expect(last.reason == .completed)
        #expect(last.nextAttempt == last.finishedAt.addingTimeInterval(300))
        let stamp = ISO8601DateFormatter().string(from: last.finishedAt.addingTimeInterval(300))
        #expect(summary.status.detail.text == "Up to date: 3 indexed and 0 failed in the last run; next attempt \(stamp)")
    }

    @Test func givenNoRetryPolicy_thenNothingSaysItWillTryAgain() async throws {
        let graph = try loadPipeline("""
            {"sources": [{"id": "in", "kind": "list"}], "stages": [{"id": "d", "kind": "double"}],
             "edges": [{"from": "in", "to": "d"}]}
            """, registry: testRegistry(count: 3))
        let summary = try await PipelineRunner(graph: graph, ledger: InMemoryLedger()).run()
        #expect(summary.status.lastRun?.nextAttempt == nil)
        #expect(summary.status.detail.text == "Up to date: 3 indexed and 0 failed in the last run")
    }

    @Test func givenARunTheUserStops_thenThereIsNoNextAttempt() async throws {
        let gate = TestGate()
        let runner = PipelineRunner(graph: try gatedPipeline(count: 10, gate: gate), ledger: InMemoryLedger(),
                                    options: .init(retry: RetryPolicy()))
        async let summary = runner.run()
        await gate.waitForArrivals(1)
        runner.stop(.user)
        gate.open()
        let result = try await summary
        #expect(result.reason == .stopped)
        #expect(result.status.lastRun?.nextAttempt == nil)
    }
}

@Suite("A background run yields to the machine's state")
struct BackgroundRunTests {
    @Test func givenABackgroundRun_whenTheMachineGoesOnBattery_thenTheRunEndsBySystemSayingWhyAndWhenItTriesAgain() async throws {
        let gate = TestGate()
        let power = ManualPowerMonitor()
        let ledger = InMemoryLedger()
        let clock = ManualClock()
        let runner = PipelineRunner(graph: try gatedPipeline(count: 20, gate: gate), ledger: ledger, options: .init(
            powerMonitor: power, powerInterval: .seconds(5), clock: clock, retry: RetryPolicy(afterUnfinished: 120),
            yieldsToPower: true))
        async let summary = runner.run()
        gate.release(3)
        await gate.waitForArrivals(4)
        await clock.waitForSleepers(1)             // the power poll is waiting for its next reading
        power.current.update { $0.onBattery = true }
        clock.advance(by: .seconds(5))
        gate.open()
        let result = try await summary
        #expect(result.reason == .endedBySystem)
        #expect(result.problem == "on battery")
        #expect(result.indexed >= 3 && result.indexed < 20, "what had not started is left for the next attempt")
        let last = try #require(result.status.lastRun)
        #expect(last.nextAttempt == last.finishedAt.addingTimeInterval(120))
        #expect(result.status.phase == .paused && result.status.pauseReason?.kind == .interrupted)
        #expect(result.status.detail.text.hasPrefix(
            "Paused: ended by the system (on battery) with \(result.indexed) of 20 captures done; next attempt "))
    }

    @Test func givenAForegroundRun_whenTheMachineGoesOnBattery_thenItSlowsDownAndFinishes() async throws {
        let gate = TestGate()
        let power = ManualPowerMonitor()
        let clock = ManualClock()
        let runner = PipelineRunner(graph: try gatedPipeline(count: 20, gate: gate), ledger: InMemoryLedger(),
                                    options: .init(powerMonitor: power, powerInterval: .seconds(5), clock: clock))
        async let summary = runner.run()
        await gate.waitForArrivals(1)
        await clock.waitForSleepers(1)
        power.current.update { $0.onBattery = true }
        clock.advance(by: .seconds(4))
        #expect(!runner.status.detail.throttled, "not read again before the interval")
        clock.advance(by: .seconds(1))
        await clock.waitForSleepers(1)             // read, and asleep until the next reading
        #expect(runner.status.detail.throttled)
        gate.open()
        let result = try await summary
        #expect(result.reason == .completed && result.indexed == 20)
    }
}

@Suite("A run waits for its grant: phase waitingForGrant")
struct GrantTests {
    @Test func givenTheIndexHeldByAnotherRun_whenTheRunWaits_thenNothingIsListedUntilItIsFree() async throws {
        let grant = HeldGrant()
        let stageGate = TestGate()
        stageGate.open()
        let ledger = InMemoryLedger()
        let runner = PipelineRunner(graph: try gatedPipeline(count: 4, gate: stageGate), ledger: ledger,
                                    options: .init(grant: grant, waitsForGrant: true))
        let updates = runner.statusUpdates()
        async let summary = runner.run()
        await grant.changes.waitForArrivals(1)
        #expect(runner.status.phase == .waitingForGrant)
        #expect(runner.status.detail.text == "Waiting for process 4242, which is indexing into /data/index.sqlite")
        #expect(runner.status.detail.listed == 0 && stageGate.arrivals == 0)

        grant.changes.release()                       // still held: it waits again
        await grant.changes.waitForArrivals(2)
        #expect(stageGate.arrivals == 0)
        grant.holder.update { $0 = nil }
        grant.changes.release()
        let result = try await summary
        #expect(result.reason == .completed && result.indexed == 4)
        var phases: [IndexPhase] = []
        for await status in updates where phases.last != status.phase { phases.append(status.phase) }
        #expect(phases == [.idle, .waitingForGrant, .indexing, .idle])
    }

    @Test func givenTheIndexHeld_whenTheRunDoesNotWait_thenItEndsWaitingNamingTheHolder() async throws {
        let grant = HeldGrant()
        let stageGate = TestGate()
        let runner = PipelineRunner(graph: try gatedPipeline(count: 4, gate: stageGate), ledger: InMemoryLedger(),
                                    options: .init(retry: RetryPolicy(whileWaiting: 30), grant: grant))
        let result = try await runner.run()
        #expect(result.reason == .waiting)
        #expect(result.problem == "waiting for process 4242, which is indexing into /data/index.sqlite")
        #expect(result.status.phase == .waitingForGrant && result.indexed == 0 && stageGate.arrivals == 0)
        let last = try #require(result.status.lastRun)
        #expect(last.nextAttempt == last.finishedAt.addingTimeInterval(30))
    }

    @Test func givenARunWaitingForItsGrant_whenStopped_thenItEndsStoppedWithoutListing() async throws {
        let grant = HeldGrant()
        let stageGate = TestGate()
        let runner = PipelineRunner(graph: try gatedPipeline(count: 4, gate: stageGate), ledger: InMemoryLedger(),
                                    options: .init(grant: grant, waitsForGrant: true))
        async let summary = runner.run()
        await grant.changes.waitForArrivals(1)
        runner.stop(.user)
        grant.changes.release()
        let result = try await summary
        #expect(result.reason == .stopped && result.indexed == 0 && stageGate.arrivals == 0)
    }
}
