import Runner
import Synchronization
import Testing
import TestSupport

/// A committing stage for tests: keeps every capture it is given, and reports them stored or failed only when
/// the test says so (or, at `finish()`, with the verdict the test chose for the rest).
private final class HoldingStage: CommittingStage, Sendable {
    let arrivals = TestGate()
    /// `finish()` waits here, so the test decides what happens while the stage still holds captures.
    let finishing = TestGate()
    private let held = Mutex<(receipts: CommitReceipts?, captures: [CaptureID])>((nil, []))
    private let verdictAtFinish: CommitReceipts.Verdict

    init(verdictAtFinish: CommitReceipts.Verdict = .stored) {
        self.verdictAtFinish = verdictAtFinish
    }

    func process(_ input: Int, context: StageContext) async throws -> Int {
        held.withLock { held in
            held.receipts = context.receipts
            held.captures.append(context.capture)
        }
        Task { await arrivals.pass() }
        return input
    }

    /// Reports the first `count` held captures stored.
    func commit(_ count: Int) {
        let (receipts, captures) = held.withLock { held in
            defer { held.captures.removeFirst(count) }
            return (held.receipts, Array(held.captures.prefix(count)))
        }
        receipts?.stored(captures)
    }

    func finish() async throws {
        await finishing.pass()
        let (receipts, captures) = held.withLock { held in
            defer { held.captures = [] }
            return (held.receipts, held.captures)
        }
        switch verdictAtFinish {
        case .stored: receipts?.stored(captures)
        case .failed(let reason): receipts?.failed(captures, reason: reason)
        }
    }
}

@Suite("Committing stages: a capture counts once it is stored")
struct CommitTests {
    private func runner(_ stage: HoldingStage, count: Int, ledger: InMemoryLedger) throws -> PipelineRunner {
        var registry = StageRegistry()
        registry.registerSource("list") { _ in ListSource(values: Array(0..<count)) }
        registry.register("hold") { _ in stage }
        let graph = try loadPipeline("""
            {"sources": [{"id": "numbers", "kind": "list"}],
             "stages": [{"id": "save", "kind": "hold", "buffer": 8}],
             "edges": [{"from": "numbers", "to": "save"}]}
            """, registry: registry)
        return PipelineRunner(graph: graph, ledger: ledger)
    }

    @Test("Given captures a committing stage holds, then none counts as indexed until its commit is reported")
    func countsAfterCommit() async throws {
        let stage = HoldingStage()
        let runner = try runner(stage, count: 4, ledger: InMemoryLedger())
        let run = Task { try await runner.run() }
        await stage.arrivals.waitForArrivals(4)
        #expect(runner.status.detail.indexed == 0)
        #expect(runner.status.detail.processed == 0)

        stage.commit(3)
        for await status in runner.statusUpdates() where status.detail.indexed == 3 { break }
        #expect(runner.status.detail.indexed == 3)

        stage.finishing.open()
        let summary = try await run.value              // finish() reports the fourth
        #expect(summary.indexed == 4)
        #expect(summary.failed == 0)
        #expect(summary.reason == .completed)
    }

    @Test("Given a commit that fails, then exactly its captures fail, with the stage and the reason, and are recorded")
    func failedCommit() async throws {
        let stage = HoldingStage(verdictAtFinish: .failed(reason: "disk full"))
        let ledger = InMemoryLedger()
        let runner = try runner(stage, count: 5, ledger: ledger)
        let run = Task { try await runner.run() }
        await stage.arrivals.waitForArrivals(5)
        stage.commit(2)
        stage.finishing.open()
        let summary = try await run.value
        #expect(summary.indexed == 2)
        #expect(summary.failed == 3)
        #expect(summary.failures.allSatisfy { $0.stageID == "save" && $0.reason == "disk full" })
        #expect(Set(ledger.failures.map(\.capture)).count == 3)
        #expect(summary.status.lastRun?.indexed == 2)
    }
}
