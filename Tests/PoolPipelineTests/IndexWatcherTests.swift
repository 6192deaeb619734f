import Foundation
import PoolPipeline
import Runner
import Store
import Synchronization
import Testing
import TestSupport

/// What a watcher tells its observer, read one event at a time.
final class WatchEvents: Sendable {
    private let state = Mutex<(buffer: [WatchEvent], waiter: CheckedContinuation<WatchEvent, Never>?)>(([], nil))

    func push(_ event: WatchEvent) {
        let waiter = state.withLock { state -> CheckedContinuation<WatchEvent, Never>? in
            guard let waiter = state.waiter else {
                state.buffer.append(event)
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: event)
    }

    /// The next time the watcher waits: what it waits on.
    func nextWait() async -> WaitingState {
        while true {
            let event = await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> WatchEvent? in
                    guard state.buffer.isEmpty else { return state.buffer.removeFirst() }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
            if case .waiting(let waiting) = event { return waiting }
        }
    }
}

/// A folder with a pipeline file of three listed captures through one stage, and an index path.
final class WatchWorkspace: Sendable {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("watch-\(UUID().uuidString)").path
    var pipeline: String { folder + "/pipeline.json" }
    var index: String { folder + "/index.sqlite" }
    let runs = Mutex(0)

    var registry: StageRegistry {
        var registry = StageRegistry()
        registry.registerSource("list") { _ in ListSource(values: [1, 2, 3]) }
        registry.register("pass") { _ in ClosureStage<Int, Int> { value, _ in value } }
        return registry
    }

    init() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("""
            {"sources": [{"id": "in", "kind": "list"}], "stages": [{"id": "p", "kind": "pass"}],
             "edges": [{"from": "in", "to": "p"}]}
            """.utf8).write(to: URL(fileURLWithPath: pipeline))
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    func watcher(firstAttempt: Date? = nil, clock: ManualClock, mode: IndexingMode) -> IndexWatcher<ManualClock> {
        IndexWatcher(clock: clock, firstAttempt: firstAttempt) { [self] _ in
            runs.withLock { $0 += 1 }
            return try Indexer(pipeline: pipeline, indexPath: index, registry: registry, powerMonitor: nil, mode: mode)
        }
    }

    func saved() throws -> IndexStatus { try SavedStatus.load(from: IndexStore(path: index)).status }
}

@Suite("run --watch: runs again at each next attempt")
struct IndexWatcherTests {
    @Test func givenAWatch_thenItRunsWaitsUntilTheNextAttemptAndRunsAgainUntilStopped() async throws {
        let workspace = try WatchWorkspace()
        let clock = ManualClock()
        let events = WatchEvents()
        let watcher = workspace.watcher(clock: clock, mode: IndexingMode(retry: RetryPolicy(afterCompleted: 300)))
        async let result = watcher.run { events.push($0) }

        let waiting = await events.nextWait()
        #expect(workspace.runs.withLock { $0 } == 1)
        let first = try #require(try workspace.saved().lastRun)
        #expect(first.reason == .completed && first.indexed == 3)
        // The saved status keeps whole seconds; the watch waits for the run's own next attempt.
        let asked = try #require(waiting.until)
        #expect((299..<301).contains(asked.timeIntervalSince(first.finishedAt)))

        clock.advance(by: .seconds(299))
        #expect(workspace.runs.withLock { $0 } == 1, "not due yet")
        clock.advance(by: .seconds(2))
        _ = await events.nextWait()
        #expect(workspace.runs.withLock { $0 } == 2)

        watcher.stop(.user)
        let last = try await result
        #expect(last?.reason == .completed)
        #expect(watcher.stopReason == .user)
        #expect(workspace.runs.withLock { $0 } == 2, "no run starts once the watch is stopped")
    }

    @Test func givenASavedAttemptStillToCome_thenTheWatchWaitsForItBeforeTheFirstRun() async throws {
        let workspace = try WatchWorkspace()
        let clock = ManualClock()
        let events = WatchEvents()
        let attempt = Date().addingTimeInterval(3600)
        let watcher = workspace.watcher(firstAttempt: attempt, clock: clock, mode: IndexingMode(retry: RetryPolicy()))
        async let result = watcher.run { events.push($0) }
        let waiting = await events.nextWait()
        #expect(abs(try #require(waiting.until).timeIntervalSince(attempt)) < 1)
        #expect(workspace.runs.withLock { $0 } == 0)
        watcher.stop(.system)
        #expect(try await result == nil)
        #expect(workspace.runs.withLock { $0 } == 0)
    }

    @Test func givenAModeWithoutRetry_thenTheWatchEndsAfterOneRun() async throws {
        let workspace = try WatchWorkspace()
        let events = WatchEvents()
        let result = try await workspace.watcher(clock: ManualClock(), mode: .oneOff).run { events.push($0) }
        #expect(result?.reason == .completed && result?.status.lastRun?.nextAttempt == nil)
        #expect(workspace.runs.withLock { $0 } == 1)
    }
}

@Suite("One run at a time per index")
struct IndexGrantTests {
    @Test func givenAnotherProcessHoldingTheIndex_thenAWaitingRunShowsWaitingForGrantSavesNothingAndRunsOnceItEnds() async throws {
        let workspace = try WatchWorkspace()
        let store = try IndexStore(path: workspace.index)
        let theirs = Data(#"{"phase":"indexing"}"#.utf8)
        try store.saveStatus(json: theirs, pid: 4242)
        let other = ForeignLock(path: IndexLock.lockPath(for: workspace.index))
        #expect(other.tryLock())
        #expect(try SavedStatus.load(from: store).runningPID == -1, "the running process is the lock's holder")

        #expect(throws: IndexerError.self) {
            _ = try Indexer(pipeline: workspace.pipeline, indexPath: workspace.index, registry: workspace.registry,
                            powerMonitor: nil)
        }
        let indexer = try Indexer(pipeline: workspace.pipeline, indexPath: workspace.index, registry: workspace.registry,
                                  powerMonitor: nil, mode: IndexingMode(waitsForIndex: true),
                                  grantInterval: .milliseconds(5))
        let updates = indexer.runner.statusUpdates()
        async let summary = indexer.run()
        for await status in updates where status.phase == .waitingForGrant {
            #expect(status.detail.waitingFor == "another process, which is indexing into \(workspace.index)")
            break
        }
        let saved = try #require(try store.loadStatus())
        #expect(saved.pid == 4242 && saved.json == theirs, "the other process's status is left alone")
        try store.saveStatus(json: Data(#"{"phase":"idle"}"#.utf8), pid: nil)      // it ends
        other.release()
        let result = try await summary
        #expect(result.reason == .completed && result.indexed == 3)
        #expect(try store.loadStatus()?.pid == nil)
        #expect(try SavedStatus.load(from: store).status.lastRun?.indexed == 3)
        #expect(IndexLock.holder(of: workspace.index) == nil, "the run let the index go")
        withExtendedLifetime(other) {}
    }

    @Test func givenARunWaitingForAnotherProcess_whenStopped_thenTheOtherProcesssStatusIsLeftAsItWas() async throws {
        let workspace = try WatchWorkspace()
        let store = try IndexStore(path: workspace.index)
        let theirs = Data(#"{"phase":"indexing"}"#.utf8)
        try store.saveStatus(json: theirs, pid: 4242)
        let other = ForeignLock(path: IndexLock.lockPath(for: workspace.index))
        #expect(other.tryLock())
        let indexer = try Indexer(pipeline: workspace.pipeline, indexPath: workspace.index, registry: workspace.registry,
                                  powerMonitor: nil, mode: IndexingMode(waitsForIndex: true),
                                  grantInterval: .milliseconds(5))
        let updates = indexer.runner.statusUpdates()
        async let summary = indexer.run()
        for await status in updates where status.phase == .waitingForGrant { break }
        indexer.runner.stop(.user)
        let result = try await summary
        #expect(result.reason == .stopped && result.indexed == 0)
        let saved = try #require(try store.loadStatus())
        #expect(saved.pid == 4242 && saved.json == theirs)
        withExtendedLifetime(other) {}
    }

    @Test func givenASavedPidOfALivingProcessWithoutTheLock_thenTheLastRunReadsAsInterruptedAndARunIsNotRefused() async throws {
        // What a crash leaves once its pid is given to another process: that process lives, but holds no lock.
        let workspace = try WatchWorkspace()
        let store = try IndexStore(path: workspace.index)
        try store.saveStatus(json: Data(#"{"phase":"indexing"}"#.utf8), pid: getppid())
        let saved = try SavedStatus.load(from: store)
        #expect(saved.runningPID == nil)
        #expect(saved.status.lastRun?.reason == .interrupted)

        let indexer = try Indexer(pipeline: workspace.pipeline, indexPath: workspace.index, registry: workspace.registry,
                                  powerMonitor: nil)
        let result = try await indexer.run()
        #expect(result.reason == .completed && result.indexed == 3)
    }
}
