import Foundation
import ModelInstall
import PoolPipeline
import Runner

/// Running and stopping indexing from a program (the CLI's `run` has its own supervision on top).
extension PoolIndex {
    /// Indexes what `pipeline`'s sources list, once (or, with a mode that retries, again and again until stopped),
    /// returning the last run's summary. Only one run per `PoolIndex` at a time.
    ///
    /// With `models` (e.g. `ModelsConfiguration.from(indexPath:)`, the `POOL_MODELS_URL` service), each pass
    /// installs the published models once it has listed the library, never waiting for them, and when it ends the
    /// captures without a vector get one from the installed model; `status().models` and
    /// `visuallyIndexedAssets` follow. A one-off run returns once that is done too.
    @discardableResult
    public func run(pipeline: String, mode: IndexingMode = .oneOff, powerMonitor: (any PowerMonitor)? = nil,
                    models: ModelsConfiguration? = nil) async throws -> RunSummary? {
        let watcher = IndexWatcher(clock: ContinuousClock(), firstAttempt: nil,
                                   pauseFlag: PauseFlag(indexPath: path)) { [path] inProgress in
            try Indexer(pipeline: pipeline, indexPath: path, powerMonitor: powerMonitor, mode: mode,
                        filesInProgress: inProgress)
        }
        let delivery = models.map { RunModels(configuration: $0, indexPath: path, pipeline: pipeline) }
        runningWatcher.withLock { $0 = watcher }
        defer { runningWatcher.withLock { $0 = nil } }
        let summary: RunSummary?
        do {
            summary = try await watcher.run { delivery?.observe($0) }
        } catch {
            await delivery?.finish(stopped: true)
            throw error
        }
        await delivery?.finish(stopped: watcher.stopReason != nil || (summary.map { $0.reason != .completed } ?? true))
        return summary
    }

    /// Stops the run under way, as a user's stop: the next run carries on.
    public func stop() {
        runningWatcher.withLock { $0 }?.stop(.user)
    }
}
