import Foundation
import PersistStage
import Runner
import Store

/// Indexes captures into an index file with a pipeline file: opens (or creates) the index, loads and checks the
/// pipeline with the index as the persist stage's store, and runs it, saving the status in the index as it goes
/// so `pool-pipeline status` (or any reader of the index) can follow the run from another process.
public final class Indexer: Sendable {
    public let store: IndexStore
    public let graph: PipelineGraph
    public let runner: PipelineRunner
    private let grant: IndexGrant
    /// The journal of captures under way (none for an in-memory index).
    private let journal: CaptureJournal?
    private let memoryCeilingMiB: Int?
    private let retry: RetryPolicy?
    /// What stages left for after a completed run (a later naming pass).
    private let afterRun: AfterRunWork

    /// Loads `pipeline` into a runner over the index at `indexPath`. Throws `PipelineError` for a pipeline file
    /// that does not load, the store's errors for an index that cannot be opened, and
    /// `IndexerError.alreadyIndexing` when another process indexes into it and `mode` does not wait for it.
    /// `filesInProgress` (from a watcher) names files the folder sources pass over because they are being written.
    public init(pipeline: String, indexPath: String, registry: StageRegistry = .builtIn,
                powerMonitor: (any PowerMonitor)? = SystemPowerMonitor(), mode: IndexingMode = .oneOff,
                grantInterval: Duration = .seconds(1), filesInProgress: FilesInProgress? = nil) throws {
        store = try IndexStore(path: indexPath)
        try store.attach(StoredFamily.builtIn)
        var environment = StageEnvironment(baseDirectory: "")
        environment.provide(store)
        if let filesInProgress { environment.provide(filesInProgress) }
        afterRun = AfterRunWork()
        environment.provide(afterRun)
        let journal = indexPath == ":memory:" ? nil : CaptureJournal(store: store)
        self.journal = journal
        // The gate says which captures it holds: the journal then keeps nothing of them but what the index keeps.
        environment.provide(HeldCaptureNotice { capture in journal?.forgetPath(of: capture) })
        graph = try PipelineLoader(registry: registry, environment: environment).load(file: pipeline)
        let saved = try SavedStatus.load(from: store, retry: mode.retry)
        grant = IndexGrant(store: store, interval: grantInterval,
                           accessCheck: indexPath == ":memory:" ? nil : AccessCheck.waiting(index: indexPath,
                                                                                            sources: graph.sourceIDs))
        // Not waiting: take the index now, so that of two runs started together the loser says so (exit 74).
        if !mode.waitsForIndex, let holder = try Self.take(grant) {
            throw IndexerError.alreadyIndexing(pid: holder.pid, index: indexPath)
        }
        memoryCeilingMiB = mode.memoryCeilingMiB
        retry = mode.retry
        runner = PipelineRunner(graph: graph, ledger: store, options: .init(
            powerMonitor: powerMonitor, initialStatus: saved.status, retry: mode.retry,
            yieldsToPower: mode.background, grant: grant,
            waitsForGrant: mode.waitsForIndex, journal: journal,
            continuation: mode.continuesInterruptedRun ? try Self.continuation(of: saved.status, in: store) : nil))
    }

    /// Takes the index, or says who holds it. A holder whose supervisor was just killed (`kill -9` of `run`) is
    /// dying with it: it is given up to two seconds to let go rather than refusing this run for it.
    private static func take(_ grant: IndexGrant) throws -> LockHolder? {
        for _ in 0..<40 {
            guard let holder = try grant.take() else { return nil }
            guard RunSupervisor.isOrphanedChild(pid: holder.pid) else { return holder }
            usleep(50_000)
        }
        return try grant.take()
    }

    /// The run `status` says the last process left interrupted, as the index holds it; nil when it ended otherwise.
    private static func continuation(of status: IndexStatus, in store: IndexStore) throws -> RunContinuation? {
        guard let last = status.lastRun, last.reason == .interrupted, let started = status.detail.startedAt else {
            return nil
        }
        let since = Date(timeIntervalSince1970: started)
        return RunContinuation(startedAt: since, indexed: last.indexed, failed: last.failed,
                               failures: try store.failures().filter { $0.failedAt >= since }.map(\.failure))
    }

    /// Ends the process at once (a second Ctrl-C), without waiting for captures under way: saves the status as a
    /// run the user stopped, with the counts of what is committed, closes the index (after the transaction under
    /// way, if any, so nothing is written after the status), and exits without running the libraries' exit
    /// handlers, which other threads may still be inside.
    public func quitNow(exitCode: Int32) -> Never {
        if grant.isHeld {
            try? SavedStatus.save(runner.status.ended(.stopped, at: Date(), retry: retry), pid: nil, to: store)
        }
        store.close()
        fflush(nil)                        // every output stream
        _exit(exitCode)
    }

    /// Throws when the pipeline has no `sqlite.persist` stage: a run would then count captures as indexed while
    /// nothing reaches the index. (Tests of the indexer's own behaviour run such pipelines on purpose.)
    public func requireStorage() throws(PipelineError) {
        guard graph.stageKinds.contains(SQLitePersistStage.kind) else {
            throw PipelineError(file: graph.file, field: "stages", problem: .nothingStored(kind: SQLitePersistStage.kind))
        }
    }

    /// Runs the pipeline to its end (or until stopped), saving the status at most twice a second and at every
    /// change of phase, and a last time, without a pid, when the run has ended; then closes the index (which
    /// folds SQLite's write-ahead log back into the index file). An indexer runs once.
    ///
    /// Until the run has the index (another process may hold it, and the run may wait for it or give up), nothing
    /// is saved: the saved status is that process's.
    public func run() async throws -> RunSummary {
        let updates = runner.statusUpdates()
        let saver = Task { [store, grant] in
            var lastSaved: ContinuousClock.Instant?
            var lastPhase: IndexPhase?
            for await status in updates.dropFirst() {    // the first is the status before the run, not ours to save yet
                guard grant.isHeld else { continue }
                let now = ContinuousClock.now
                if status.phase == lastPhase, let lastSaved, now - lastSaved < .milliseconds(500) { continue }
                lastSaved = now
                lastPhase = status.phase
                try? SavedStatus.save(status, pid: getpid(), to: store)
            }
        }
        let ceiling = memoryCeilingMiB.map { MemoryCeiling(ceilingMiB: $0, journal: journal) }
        defer { ceiling?.stop() }
        defer { grant.release() }
        let summary = try await runner.run()
        await saver.value
        if grant.isHeld { try SavedStatus.save(summary.status, pid: nil, to: store) }
        // Work left for after the run (captures still waiting for a name), only after a run that completed and
        // while it still holds the index.
        if grant.isHeld, summary.status.lastRun?.reason == .completed { await afterRun.run() }
        store.close()
        return summary
    }
}

/// Why an `Indexer` could not start.
public enum IndexerError: Error, CustomStringConvertible {
    /// Another process is indexing into the same index.
    case alreadyIndexing(pid: Int32, index: String)

    public var description: String {
        switch self {
        case .alreadyIndexing(let pid, let index):
            "\(LockHolder(pid: pid)) is already indexing into \(index) (it holds \(IndexLock.lockPath(for: index)))"
        }
    }
}
