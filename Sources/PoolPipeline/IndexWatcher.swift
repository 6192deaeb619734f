import Foundation
import Runner
import Synchronization

/// Keeps an index up to date, as a background indexer does (`pool-pipeline run --watch`): runs, waits until the
/// last run's `nextAttempt`, runs again, and so on until stopped. A fresh `Indexer` is made for each run, so each
/// reads the pipeline file and the index afresh. A run the user stopped has no next attempt: the watch ends.
///
/// Before the first run it honours the attempt the saved status already names (a run that failed two minutes
/// ago is not retried before its ten minutes are up). Waiting goes through `sleep`, so tests hand out wake-ups
/// with a gate instead of waiting for the clock.
public final class IndexWatcher: Sendable {
    /// Called with each indexer before it runs (to show its progress, relay signals to it).
    public typealias RunObserver = @Sendable (Indexer) -> Void
    /// Waits until the date, or throws `CancellationError` when the task is cancelled.
    public typealias Sleep = @Sendable (Date) async throws -> Void

    private let makeIndexer: @Sendable () throws -> Indexer
    private let sleep: Sleep
    private let now: @Sendable () -> Date
    private let state = Mutex(State())

    private struct State {
        var stopped: StopReason?
        var current: Indexer?
        var waiting: Task<Void, any Error>?
    }

    /// - Parameters:
    ///   - makeIndexer: a new indexer over the index, in a mode with a retry policy (else nothing is retried).
    ///   - firstAttempt: the attempt the saved status names, waited for before the first run when in the future.
    public init(firstAttempt: Date? = nil, now: @escaping @Sendable () -> Date = { Date() },
                sleep: @escaping Sleep = IndexWatcher.sleepUntil,
                makeIndexer: @escaping @Sendable () throws -> Indexer) {
        self.makeIndexer = makeIndexer
        self.sleep = sleep
        self.now = now
        self.firstAttempt = firstAttempt
    }

    private let firstAttempt: Date?

    /// Runs until stopped, or until a run ends with no next attempt; returns the last run's summary (nil when
    /// stopped before any run).
    public func run(observe: RunObserver = { _ in }) async throws -> RunSummary? {
        var last: RunSummary?
        var next = firstAttempt
        while true {
            if let next, next > now() {
                guard try await wait(until: next) else { return last }
            }
            let indexer = try makeIndexer()
            let stopped = state.withLock { state -> StopReason? in
                if state.stopped == nil { state.current = indexer }
                return state.stopped
            }
            if stopped != nil { return last }
            observe(indexer)
            let summary = try await indexer.run()
            last = summary
            state.withLock { $0.current = nil }
            guard let attempt = summary.status.lastRun?.nextAttempt, state.withLock({ $0.stopped == nil }) else {
                return last
            }
            next = attempt
        }
    }

    /// Ends the watch: a run under way stops as `PipelineRunner.stop` does, a wait ends at once.
    public func stop(_ reason: StopReason = .user) {
        let (indexer, waiting) = state.withLock { state in
            if state.stopped == nil { state.stopped = reason }
            return (state.current, state.waiting)
        }
        indexer?.runner.stop(reason)
        waiting?.cancel()
    }

    /// Who stopped the watch, once it is stopped.
    public var stopReason: StopReason? { state.withLock { $0.stopped } }

    /// The run under way, if any (to pause or resume it).
    public var currentRunner: PipelineRunner? { state.withLock { $0.current?.runner } }

    /// The indexer of the run under way, if any.
    public var currentIndexer: Indexer? { state.withLock { $0.current } }

    /// Waits until `date`; false when stopped meanwhile.
    private func wait(until date: Date) async throws -> Bool {
        let task = Task { [sleep] in try await sleep(date) }
        let stopped = state.withLock { state -> Bool in
            state.waiting = task
            return state.stopped != nil
        }
        if stopped { task.cancel() }
        defer { state.withLock { $0.waiting = nil } }
        do {
            try await task.value
        } catch is CancellationError {
            return false
        }
        return state.withLock { $0.stopped == nil }
    }

    /// Sleeps until `date` by the wall clock, in steps of at most a minute (so a clock change or a suspend is
    /// noticed).
    public static let sleepUntil: Sleep = { date in
        while true {
            let left = date.timeIntervalSinceNow
            if left <= 0 { return }
            try await Task.sleep(for: .milliseconds(Int(min(left, 60) * 1000) + 1))
        }
    }
}
