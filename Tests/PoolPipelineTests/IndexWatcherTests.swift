import Foundation
import PoolPipeline
import Runner
import Store
import Synchronization
import Testing
import TestSupport

/// A sleep the test ends: records each date asked for, then waits at a gate.
final class GatedSleep: Sendable {
    let gate = TestGate()
    private let dates = Mutex<[Date]>([])

    var asked: [Date] { dates.withLock { $0 } }

    func sleep(until date: Date) async throws {
        dates.withLock { $0.append(date) }
        await gate.pass()
        try Task.checkCancellation()
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

    func watcher(firstAttempt: Date? = nil, sleep: GatedSleep, mode: IndexingMode) -> IndexWatcher {
        IndexWatcher(firstAttempt: firstAttempt, sleep: { try await sleep.sleep(until: $0) }) { [self] in
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
        let sleep = GatedSleep()
        let watcher = workspace.watcher(sleep: sleep, mode: IndexingMode(retry: RetryPolicy(afterCompleted: 300)))
        async let result = watcher.run()

        await sleep.gate.waitForArrivals(1)
        #expect(workspace.runs.withLock { $0 } == 1)
        let first = try #require(try workspace.saved().lastRun)
        #expect(first.reason == .completed && first.indexed == 3)
        // The saved status keeps whole seconds; the watch waits for the run's own next attempt.
        let asked = try #require(sleep.asked.first)
        #expect(sleep.asked.count == 1 && (300..<301).contains(asked.timeIntervalSince(first.finishedAt)))

        sleep.gate.release()
        await sleep.gate.waitForArrivals(2)
        #expect(workspace.runs.withLock { $0 } == 2)

        watcher.stop(.user)
        sleep.gate.release()
        let last = try await result
        #expect(last?.reason == .completed)
        #expect(watcher.stopReason == .user)
        #expect(workspace.runs.withLock { $0 } == 2, "no run starts once the watch is stopped")
    }

    @Test func givenASavedAttemptStillToCome_thenTheWatchWaitsForItBeforeTheFirstRun() async throws {
        let workspace = try WatchWorkspace()
        let sleep = GatedSleep()
        let attempt = Date().addingTimeInterval(3600)
        let watcher = workspace.watcher(firstAttempt: attempt, sleep: sleep, mode: IndexingMode(retry: RetryPolicy()))
        async let result = watcher.run()
        await sleep.gate.waitForArrivals(1)
        #expect(sleep.asked == [attempt])
        #expect(workspace.runs.withLock { $0 } == 0)
        watcher.stop(.system)
        sleep.gate.release()
        #expect(try await result == nil)
        #expect(workspace.runs.withLock { $0 } == 0)
    }

    @Test func givenAModeWithoutRetry_thenTheWatchEndsAfterOneRun() async throws {
        let workspace = try WatchWorkspace()
        let sleep = GatedSleep()
        let result = try await workspace.watcher(sleep: sleep, mode: .oneOff).run()
        #expect(result?.reason == .completed && result?.status.lastRun?.nextAttempt == nil)
        #expect(sleep.asked.isEmpty && workspace.runs.withLock { $0 } == 1)
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
