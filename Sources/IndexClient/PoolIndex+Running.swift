import Foundation
import PoolPipeline
import Runner

/// Running and stopping indexing from a program (the CLI's `run` has its own supervision on top).
extension PoolIndex {
    /// Indexes what `pipeline`'s sources list, once (or, with a mode that retries, again and again until stopped),
    /// returning the last run's summary. Only one run per `PoolIndex` at a time.
    @discardableResult
    public func run(pipeline: String, mode: IndexingMode = .oneOff,
                    powerMonitor: (any PowerMonitor)? = nil) async throws -> RunSummary? {
        let watcher = IndexWatcher(clock: ContinuousClock(), firstAttempt: nil,
                                   pauseFlag: PauseFlag(indexPath: path)) { [path] inProgress in
            try Indexer(pipeline: pipeline, indexPath: path, powerMonitor: powerMonitor, mode: mode,
                        filesInProgress: inProgress)
        }
        runningWatcher.withLock { $0 = watcher }
        defer { runningWatcher.withLock { $0 = nil } }
        return try await watcher.run()
    }

    /// Stops the run under way, as a user's stop: the next run carries on.
    public func stop() {
        runningWatcher.withLock { $0 }?.stop(.user)
    }
}
