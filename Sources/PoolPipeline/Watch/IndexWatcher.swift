import FileWatch
import Foundation
import Runner
import Synchronization

/// Keeps an index up to date (`pool-pipeline run --watch`): runs a pass, then waits for the first of
/// - changes under the watched folders (`record`, fed by a `FolderWatch`), debounced by `ChangeDebouncer`: a
///   pass once they settle, never while a file is still being written, one pass for a burst;
/// - an inotify overflow (a full pass; counted in `report`);
/// - a request (`indexNow`), or changed index options (`optionsChanged`);
/// - the last pass's `nextAttempt` (the periodic pass, kept as the safety net);
/// and runs again, until stopped. A fresh `Indexer` is made for each pass, so each reads the pipeline file and
/// the index afresh. A pass the user stopped, or one with no next attempt, ends the watch.
///
/// `pause` and `resume` act whether or not a pass is under way: between passes, a paused watcher starts none
/// (changes are kept for when it resumes). The paused state is kept in a `PauseFlag` beside the index, so a
/// watcher started again stays paused. Time comes from `clock` (tests pass a manual one), dates from `now`.
public final class IndexWatcher<C: Clock>: Sendable where C.Duration == Duration {
    public typealias Observer = @Sendable (WatchEvent) -> Void

    private let clock: C
    private let now: @Sendable () -> Date
    private let makeIndexer: @Sendable (FilesInProgress) throws -> Indexer
    private let pauseFlag: PauseFlag?
    private let firstAttempt: Date?
    private let state: Mutex<WatchState<C.Instant>>

    /// - Parameters:
    ///   - firstAttempt: the attempt the saved status names, waited for before the first pass when in the future.
    ///   - pauseFlag: where the paused state is kept; the watcher starts paused when it is set.
    ///   - debouncer: how changes are settled into passes.
    ///   - makeIndexer: a new indexer over the index, in a mode with a retry policy (else the watch ends after
    ///     one pass), given the files being written now, for its folder sources to pass over.
    public init(clock: C, now: @escaping @Sendable () -> Date = { Date() }, firstAttempt: Date? = nil,
                pauseFlag: PauseFlag? = nil, debouncer: ChangeDebouncer<C.Instant> = ChangeDebouncer(),
                makeIndexer: @escaping @Sendable (FilesInProgress) throws -> Indexer) {
        self.clock = clock
        self.now = now
        self.makeIndexer = makeIndexer
        self.pauseFlag = pauseFlag
        self.firstAttempt = firstAttempt
        state = Mutex(WatchState(debouncer: debouncer, paused: pauseFlag?.isSet ?? false))
    }

    /// Runs until stopped, or until a pass ends with no next attempt; returns the last pass's summary (nil when
    /// stopped before any pass).
    public func run(observe: Observer = { _ in }) async throws -> RunSummary? {
        let start = clock.now
        state.withLock { $0.nextPeriodic = firstAttempt.map { self.instant(of: $0) } ?? start }
        while true {
            let decision = state.withLock { $0.decide(at: clock.now) }
            switch decision {
            case .stop:
                return state.withLock { $0.lastSummary }
            case .wait(let deadline, var waiting):
                waiting.until = deadline.map(date(of:))
                observe(.waiting(waiting))
                await wait(until: deadline)
            case .pass(let reason):
                guard let summary = try await pass(reason, observe: observe) else {
                    return state.withLock { $0.lastSummary }
                }
                guard let next = summary.status.lastRun?.nextAttempt else { return summary }
                state.withLock { $0.nextPeriodic = instant(of: next) }
            }
        }
    }

    /// Runs one pass; nil when the watch was stopped before it began.
    private func pass(_ reason: PassReason, observe: Observer) async throws -> RunSummary? {
        let indexer = try makeIndexer(FilesInProgress { [self] path in
            state.withLock { $0.debouncer.isBeingWritten(path) }
        })
        let (stopped, paused) = state.withLock { state -> (Bool, Bool) in
            if state.stopped == nil { state.current = indexer }
            return (state.stopped != nil, state.paused)
        }
        if stopped { return nil }
        if paused { indexer.runner.pause() }           // paused while the indexer was being made
        observe(.passStarted(indexer, reason))
        let summary = try await indexer.run()
        state.withLock { state in
            state.current = nil
            state.lastSummary = summary
            if state.stopped != nil { state.nextPeriodic = nil }
        }
        observe(.passEnded(summary))
        return summary
    }

    /// Records a change under a watched folder (from `FolderWatch`); wakes the watcher.
    public func record(_ change: FileChange) {
        let date = now()
        state.withLock { state in
            state.debouncer.record(change, at: clock.now)
            if change.kind == .overflow {
                state.overflows += 1
                state.lastOverflow = date
            }
        }
        wake()
    }

    /// Runs a pass as soon as the watcher is free (after the one under way, if any); false while paused.
    @discardableResult
    public func indexNow() -> Bool {
        let accepted = state.withLock { state -> Bool in
            guard !state.paused else { return false }
            state.indexNowRequested = true
            return true
        }
        wake()
        return accepted
    }

    /// Says the index options changed (they are applied in place by whoever changed them): the next pass starts
    /// as soon as the watcher is free, reading the index and its options afresh. While paused, the pass waits for
    /// the resume (the change itself is kept either way).
    public func optionsChanged() {
        state.withLock { $0.optionsChanged = true }
        wake()
    }

    /// Pauses (true) the pass under way, at its stage boundaries, and starts none until resumed, across restarts;
    /// or resumes (false) the pass under way, or lets the next one start. Throws when the `PauseFlag` cannot be
    /// written (the watcher's state is then unchanged).
    public func setPaused(_ paused: Bool) throws {
        try pauseFlag?.set(paused)
        let runner = state.withLock { state in
            state.paused = paused
            return state.current?.runner
        }
        if paused { runner?.pause() } else { runner?.resume() }
        wake()
    }

    /// Ends the watch: a pass under way stops as `PipelineRunner.stop` does, a wait ends at once.
    public func stop(_ reason: StopReason = .user) {
        let indexer = state.withLock { state in
            if state.stopped == nil { state.stopped = reason }
            return state.current
        }
        indexer?.runner.stop(reason)
        wake()
    }

    /// Who stopped the watch, once it is stopped.
    public var stopReason: StopReason? { state.withLock { $0.stopped } }

    /// The indexer of the pass under way, if any.
    public var currentIndexer: Indexer? { state.withLock { $0.current } }

    /// The watcher's live state, for `status` from another process.
    public func report(watchedFolders: Int) -> WatchReport {
        let snapshot = state.withLock { $0.snapshot() }
        var status = snapshot.current?.runner.status ?? snapshot.lastSummary?.status ?? IndexStatus()
        if snapshot.paused, snapshot.current == nil {
            status.phase = .paused
            status.pauseReason = .byApp
            status.detail.text = "Paused on request; \(snapshot.pending) changed files wait for resume"
        }
        return WatchReport(pid: getpid(), status: status, paused: snapshot.paused,
                           passUnderWay: snapshot.current != nil,
                           pendingChanges: snapshot.pending, filesBeingWritten: snapshot.writing,
                           watchedFolders: watchedFolders, overflows: snapshot.overflows,
                           lastOverflow: snapshot.lastOverflow, nextPeriodicPass: snapshot.nextPeriodic.map(date(of:)),
                           passes: snapshot.passes, lastPassReason: snapshot.lastReason?.description)
    }

    // MARK: Waiting

    /// Waits until `deadline` on the clock (none: until woken), or until `wake` is called.
    private func wait(until deadline: C.Instant?) async {
        let timer = deadline.map { deadline in
            Task { [clock] in
                do {
                    try await clock.sleep(until: deadline, tolerance: nil)
                    self.wake()
                } catch {}
            }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state -> Bool in
                if state.woken {
                    state.woken = false
                    return true
                }
                state.waiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
        timer?.cancel()
    }

    private func wake() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.woken = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    private func instant(of date: Date) -> C.Instant {
        clock.now.advanced(by: .milliseconds(Int64((date.timeIntervalSince(now()) * 1000).rounded())))
    }

    private func date(of instant: C.Instant) -> Date {
        let left = clock.now.duration(to: instant)
        return now().addingTimeInterval(Double(left.components.seconds) + Double(left.components.attoseconds) * 1e-18)
    }
}
