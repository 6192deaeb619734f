import ControlSocket
import FileWatch
import Foundation
import ModelInstall
import PoolPipeline
import Runner
import Synchronization

/// One indexing run over an index, as `pool-pipeline run` makes it (`PoolIndex.prepareRun`): a one-off pass, or,
/// watching, passes again and again as the sources' folders change (inotify) and at each next attempt, with the
/// index's control socket served, until stopped. It installs the published models after the first listing and
/// fills in missing vectors after each pass. It prints nothing: what happens comes as `Event`s, and the models'
/// status in `modelEvents`.
///
/// `stop`, `pause` and `resume` act once the run says `.ready` (before that there is nothing to act on).
public final class IndexRun: Sendable {
    /// What a run reports while it goes on.
    public enum Event: Sendable {
        /// The run can now be stopped, paused and resumed.
        case ready
        /// A pass began (`reason`: why a watch started it; nil for a one-off run). `delivered` ends once the
        /// pass has ended and its model install and vector backfill are done.
        case passStarted(PipelineRunner, reason: String?, delivered: Task<ModelsDelivered, Never>)
        /// The watch started paused (the pause flag at `path` is set).
        case startedPaused(flag: String)
        /// The watch waits for the next attempt the index already names before its first pass.
        case waitingForFirstAttempt(Date)
        /// Something the watch cannot do now, and what it does instead.
        case warning(String)
    }

    /// What a pass's models delivery did.
    public enum ModelsDelivered: Sendable {
        /// No model installed, or no capture needed a vector.
        case nothing
        case vectorsAdded(filled: Int, skipped: Int)
        case backfillFailed(String)
    }

    private enum Target: Sendable {
        case indexer(Indexer)
        case watcher(IndexWatcher<ContinuousClock>)
    }

    public let pipeline: String
    public let indexPath: String
    public let mode: IndexingMode
    /// With `watch`, the next attempt the index names, waited for before the first pass.
    public let firstAttempt: Date?
    public let watch: Bool
    private let powerMonitor: (any PowerMonitor)?
    private let models: ModelDelivery
    private let target = Mutex<Target?>(nil)
    private let lastDelivery = Mutex<Task<ModelsDelivered, Never>?>(nil)

    init(pipeline: String, indexPath: String, mode: IndexingMode, watch: Bool, firstAttempt: Date?,
         powerMonitor: (any PowerMonitor)?, models: ModelsConfiguration) {
        self.pipeline = pipeline
        self.indexPath = indexPath
        self.mode = mode
        self.watch = watch
        self.firstAttempt = firstAttempt
        self.powerMonitor = powerMonitor
        self.models = ModelDelivery(configuration: models, indexPath: indexPath, pipeline: pipeline)
    }

    /// The models' status and the backfill's progress, until the run's models delivery is finished.
    public var modelEvents: AsyncStream<ModelDelivery.Event> { models.events }

    /// Runs: one pass (the summary), or a watch until stopped or until a pass names no next attempt (the last
    /// pass's summary; nil when stopped before any). Throws what loading the pipeline or opening the index throws.
    public func run(observe: @escaping @Sendable (Event) -> Void) async throws -> RunSummary? {
        watch ? try await runWatching(observe: observe) : try await runOnce(observe: observe)
    }

    /// After a one-off run: waits for its models delivery, then ends `modelEvents` (a watch ends them itself when
    /// it ends, cancelling a download under way).
    @discardableResult
    public func finishModels() async -> ModelsDelivered {
        let outcome = await lastDelivery.withLock { $0 }?.value ?? .nothing
        models.finish()
        return outcome
    }

    /// Who stopped a watch, once it is stopped (nil for a one-off run: its summary says).
    public var stopReason: StopReason? {
        guard case .watcher(let watcher)? = target.withLock({ $0 }) else { return nil }
        return watcher.stopReason
    }

    // MARK: Control

    /// Stops the run: the pass under way ends at its stage boundaries, a watch ends; the next run carries on.
    public func stop(_ reason: StopReason = .user) {
        switch target.withLock({ $0 }) {
        case .indexer(let indexer)?: indexer.runner.stop(reason)
        case .watcher(let watcher)?: watcher.stop(reason)
        case nil: break
        }
    }

    /// Pauses (true) the pass under way, and a watch starts none until resumed, across restarts (its pause flag);
    /// or resumes (false). Throws when a watch's pause flag cannot be written.
    public func setPaused(_ paused: Bool) throws {
        switch target.withLock({ $0 }) {
        case .indexer(let indexer)?: if paused { indexer.runner.pause() } else { indexer.runner.resume() }
        case .watcher(let watcher)?: try watcher.setPaused(paused)
        case nil: break
        }
    }

    /// Ends the process at once, leaving the index consistent and the pass under way recorded as stopped.
    public func quitNow(exitCode: Int32) -> Never {
        switch target.withLock({ $0 }) {
        case .indexer(let indexer)?: indexer.quitNow(exitCode: exitCode)
        case .watcher(let watcher)?: if let indexer = watcher.currentIndexer { indexer.quitNow(exitCode: exitCode) }
        case nil: break
        }
        fflush(nil)                        // every output stream
        _exit(exitCode)
    }

    // MARK: Passes

    private func runOnce(observe: @escaping @Sendable (Event) -> Void) async throws -> RunSummary {
        models.useInstalledModel()
        let indexer = try Indexer(pipeline: pipeline, indexPath: indexPath, powerMonitor: powerMonitor, mode: mode)
        try indexer.requireStorage()
        target.withLock { $0 = .indexer(indexer) }
        observe(.ready)
        let ended = PassEnd()
        observe(.passStarted(indexer.runner, reason: nil, delivered: deliver(after: indexer.runner, ended: ended)))
        let summary: RunSummary
        do {
            summary = try await indexer.run()
        } catch {
            ended.end(completed: false)
            throw error
        }
        ended.end(completed: summary.reason == .completed)
        return summary
    }

    private func runWatching(observe: @escaping @Sendable (Event) -> Void) async throws -> RunSummary? {
        let flag = PauseFlag(indexPath: indexPath)
        defer { models.cancel(); models.finish() }     // a download under way resumes next time
        let watcher = IndexWatcher(clock: ContinuousClock(), firstAttempt: firstAttempt, pauseFlag: flag) {
            [pipeline, indexPath, mode, powerMonitor, models] inProgress in
            models.useInstalledModel()      // once installed, each pass embeds as it goes
            let indexer = try Indexer(pipeline: pipeline, indexPath: indexPath, powerMonitor: powerMonitor, mode: mode,
                                      filesInProgress: inProgress)
            try indexer.requireStorage()
            return indexer
        }
        target.withLock { $0 = .watcher(watcher) }
        observe(.ready)
        let folders = try WatchedFolders.watch(pipeline: pipeline, for: watcher) { observe(.warning($0)) }
        defer { folders?.cancel() }
        let server = serveControl(watcher: watcher, folders: folders, observe: observe)
        defer { server?.close() }
        if flag.isSet { observe(.startedPaused(flag: flag.path)) }
        if let firstAttempt, firstAttempt > Date() { observe(.waitingForFirstAttempt(firstAttempt)) }
        let passEnd = Mutex<PassEnd?>(nil)
        return try await watcher.run { [self] event in
            switch event {
            case .passStarted(let indexer, let reason):
                let ended = PassEnd()
                passEnd.withLock { $0 = ended }
                observe(.passStarted(indexer.runner, reason: "\(reason)",
                                     delivered: deliver(after: indexer.runner, ended: ended, cancelsWhenStopped: false)))
            case .passEnded(let summary):
                passEnd.withLock { $0 }?.end(completed: summary.reason == .completed)
            case .waiting:
                break
            }
        }
    }

    /// The pass's models delivery: installs once the pass has listed the library (the pass never waits for it),
    /// and once the pass has ended, fills in missing vectors. A one-off pass that did not complete cancels the
    /// download first (it resumes next time).
    private func deliver(after runner: PipelineRunner, ended: PassEnd,
                         cancelsWhenStopped: Bool = true) -> Task<ModelsDelivered, Never> {
        let models = self.models
        let install = Task { await models.installAfterListing(runner) }
        let delivery = Task { () -> ModelsDelivered in
            let completed = await ended.wait()
            if cancelsWhenStopped && !completed { models.cancel() }
            _ = await install.value
            do {
                guard let summary = try await models.backfill(), summary.filled + summary.skipped > 0 else {
                    return .nothing
                }
                return .vectorsAdded(filled: summary.filled, skipped: summary.skipped)
            } catch {
                return .backfillFailed("\(error)")
            }
        }
        lastDelivery.withLock { $0 = delivery }
        return delivery
    }

    /// Serves `INDEX.control`; without it (another watcher serves it, the path is too long) the watch goes on and
    /// says why.
    private func serveControl(watcher: IndexWatcher<ContinuousClock>, folders: FolderWatch?,
                              observe: @Sendable (Event) -> Void) -> ControlServer? {
        do {
            return try ControlServer(path: WatchControl.socketPath(for: indexPath)) { request in
                WatchControl.answer(request, watcher: watcher, watchedFolders: { folders?.watchedFolders ?? 0 })
            }
        } catch {
            observe(.warning("no control socket (\(error)); pause and resume reach the run under way by signal only"))
            return nil
        }
    }
}

/// The end of one pass, awaited by its models delivery: whether it completed.
private final class PassEnd: Sendable {
    private let state = Mutex<(completed: Bool?, waiters: [CheckedContinuation<Bool, Never>])>((nil, []))

    func end(completed: Bool) {
        let waiters = state.withLock { state in
            state.completed = completed
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: completed) }
    }

    func wait() async -> Bool {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Bool? in
                if state.completed == nil { state.waiters.append(continuation) }
                return state.completed
            }
            if let done { continuation.resume(returning: done) }
        }
    }
}

extension PoolIndex {
    /// A run of `pipeline` over this index, as `pool-pipeline run` makes it (`watch`: `run --watch`), with the
    /// models service of `models` (default: the one configured for this index). Start it with `IndexRun.run`.
    public func prepareRun(pipeline: String, mode: IndexingMode = .oneOff, watch: Bool = false,
                           firstAttempt: Date? = nil, powerMonitor: (any PowerMonitor)? = SystemPowerMonitor(),
                           models: ModelsConfiguration? = nil) -> IndexRun {
        IndexRun(pipeline: pipeline, indexPath: path, mode: mode, watch: watch, firstAttempt: firstAttempt,
                 powerMonitor: powerMonitor, models: models ?? .from(indexPath: path))
    }
}
