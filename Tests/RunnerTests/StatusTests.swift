import Runner
import Testing
import TestSupport

@Suite("Status says where indexing stands")
struct StatusTests {
    @Test func givenAnUnreadableFolder_thenThePhaseWaitsForPermissionNamingThePath() async throws {
        struct Locked: CaptureSource {
            func captures(context: SourceContext, emit: (SourceCapture<Int>) async throws -> Void) async throws {
                throw SourceError.permissionDenied(path: "/photos/locked", reason: "Permission denied")
            }
        }
        var registry = testRegistry()
        registry.registerSource("locked") { _ in Locked() }
        let graph = try loadPipeline("""
            {"sources": [{"id": "in", "kind": "locked"}], "stages": [{"id": "d", "kind": "double"}],
             "edges": [{"from": "in", "to": "d"}]}
            """, registry: registry)
        let summary = try await PipelineRunner(graph: graph, ledger: InMemoryLedger()).run()
        #expect(summary.reason == .waiting)
        #expect(summary.status.phase == .waitingForPermission)
        #expect(summary.status.detail.path == "/photos/locked")
        #expect(summary.status.detail.text == "Waiting for permission to read /photos/locked")
        #expect(summary.status.lastRun?.reason == .waiting)
    }

    @Test func givenARun_thenTheStatusGoesFromIndexingToIdleWithCountsAndWords() async throws {
        let gate = TestGate()
        var registry = testRegistry(count: 1200)
        registry.register("double") { _ in
            ClosureStage<Int, Int> { value, _ in
                await gate.pass()
                return value
            }
        }
        let graph = try loadPipeline("""
            {"sources": [{"id": "in", "kind": "list"}], "stages": [{"id": "d", "kind": "double"}],
             "edges": [{"from": "in", "to": "d"}]}
            """, registry: registry)
        let runner = PipelineRunner(graph: graph, ledger: InMemoryLedger())
        let updates = runner.statusUpdates()
        async let summary = runner.run()
        gate.release(340)
        await gate.waitForArrivals(341)
        #expect(runner.status.phase == .indexing)
        #expect(runner.status.detail.text == "Reading 340 of 1,200 captures")
        #expect(runner.status.detail.total == 1200)
        gate.open()
        let result = try await summary
        #expect(result.status.phase == .idle)
        #expect(result.status.detail.text == "Up to date: 1,200 indexed and 0 failed in the last run")
        var phases: [IndexPhase] = []
        for await status in updates where phases.last != status.phase { phases.append(status.phase) }
        #expect(phases.first == .idle || phases.first == .indexing)
        #expect(phases.last == .idle)
        #expect(phases.contains(.indexing))
    }

    @Test(.timeLimit(.minutes(1)))
    func givenARunThatHasEnded_whenStatusUpdatesAreAskedFor_thenTheStreamGivesTheLastStatusAndEnds() async throws {
        // A progress task that starts only after a short run has ended must not wait forever (the CLI awaits it).
        let graph = try loadPipeline("""
            {"sources": [{"id": "in", "kind": "list"}], "stages": [{"id": "d", "kind": "double"}],
             "edges": [{"from": "in", "to": "d"}]}
            """, registry: testRegistry(count: 3))
        let runner = PipelineRunner(graph: graph, ledger: InMemoryLedger())
        let summary = try await runner.run()
        var statuses: [IndexStatus] = []
        for await status in runner.statusUpdates() { statuses.append(status) }
        #expect(statuses.map(\.phase) == [.idle])
        #expect(statuses.first?.lastRun?.indexed == summary.indexed)
    }

    @Test func stateMachineEndsEachReasonInTheRightPhase() {
        let cases: [(LastRun.Reason, IndexPhase, PauseReason.Kind?)] = [
            (.completed, .idle, nil), (.stopped, .paused, .byApp), (.endedBySystem, .paused, .interrupted),
            (.failed, .paused, .failed), (.interrupted, .paused, .interrupted),
        ]
        for (reason, phase, pause) in cases {
            var status = IndexStatus()
            status.phase = .indexing
            let ended = status.ended(reason, failure: reason == .failed ? "disk full" : nil)
            #expect(ended.phase == phase, "\(reason)")
            #expect(ended.pauseReason?.kind == pause, "\(reason)")
            #expect(ended.lastRun?.reason == reason)
        }
    }

    @Test("Given a run ended by the system with no reason given (SIGTERM), then the words say so, not a crash")
    func endedBySystemWithoutReason() {
        var status = IndexStatus()
        status.phase = .indexing
        #expect(status.ended(.endedBySystem).detail.text == "Paused: ended by the system with 0 captures done")
        #expect(status.ended(.interrupted).detail.text == "Paused: the run was interrupted with 0 captures done")
        #expect(status.ended(.endedBySystem, failure: "on battery").detail.text
            == "Paused: ended by the system (on battery) with 0 captures done")
    }
}

@Suite("Stages can tell the user something through the status")
struct StageNotesTests {
    struct Pending: Stage, StageNotes {
        var notes: [String] { ["vectors pending: no weights installed"] }
        func process(_ input: Int, context: StageContext) async throws -> Int { input }
    }

    @Test func givenAStageWithNotes_thenTheRunsStatusCarriesThem() async throws {
        var registry = testRegistry(count: 3)
        registry.register("pending") { _ in Pending() }
        let graph = try loadPipeline("""
            {"sources": [{"id": "in", "kind": "list"}], "stages": [{"id": "p", "kind": "pending"}],
             "edges": [{"from": "in", "to": "p"}]}
            """, registry: registry)
        let summary = try await PipelineRunner(graph: graph, ledger: InMemoryLedger()).run()
        #expect(summary.status.detail.notes == ["vectors pending: no weights installed"])
        #expect(summary.indexed == 3)
    }
}
