import Foundation
import Synchronization

// How captures flow through a run:
//
//   source ──emit──▶ [channel] ─▶ gate ─▶ stage A (n workers) ──┬─▶ [channel] ─▶ gate ─▶ stage B ──┐
//                                                               └─▶ [channel] ─▶ gate ─▶ stage C ──┴─▶ join ─▶ [channel] ─▶ gate ─▶ persist
//
// - Every stage reads from one bounded channel: a full channel suspends whoever sends to it, so the slowest
//   stage sets the pace and the captures in flight never exceed the channels' capacities plus the workers.
// - A gate in front of each stage admits a limited number of captures at once: pause sets the limit to zero
//   (captures inside finish, none enter), throttling lowers it, stopping turns away captures that have not
//   entered a first stage yet (captures under way finish, so no work is done twice).
// - A capture that fails in a stage travels on as a failure, so joins and the completion count still hear of it;
//   the ledger records it once it has reached every terminal stage.

/// Runs a loaded pipeline: one run per runner. Pause, resume, stop and the status stream can be used from any
/// task while `run()` is under way.
public final class PipelineRunner: Sendable {
    /// Settings of a run that are not in the pipeline file.
    public struct Options: Sendable {
        /// Reads the machine's power conditions to throttle by; nil never throttles.
        public var powerMonitor: (any PowerMonitor)?
        /// How often the power conditions are read.
        public var powerInterval: Duration
        /// The clock the power conditions are read by (a manual clock in tests).
        public var clock: any Clock<Duration>
        /// The status to start from (the one saved by the last run), so `lastRun` carries over.
        public var initialStatus: IndexStatus
        /// When something will try again by itself after this run (`lastRun.nextAttempt`); nil when nothing will,
        /// as for a one-off run.
        public var retry: RetryPolicy?
        /// A background run: instead of slowing down while the machine is hot, on battery or in a power-saver
        /// profile, the run ends (`endedBySystem`, naming the condition) and leaves the rest for a later attempt.
        public var yieldsToPower: Bool
        /// What the run must be granted before it lists anything (the index to itself); nil needs nothing.
        public var grant: (any RunGrant)?
        /// Whether a run that is not granted waits (phase `waitingForGrant`) instead of ending as `waiting`.
        public var waitsForGrant: Bool
        /// Where the run records the captures under way, so that a capture that takes the process down is tried
        /// once more on its own and then failed; nil keeps no record.
        public var journal: (any RunJournal)?
        /// The run this one carries on, when its process died before finishing it; nil for a new run.
        public var continuation: RunContinuation?

        public init(powerMonitor: (any PowerMonitor)? = nil, powerInterval: Duration = .seconds(5),
                    clock: any Clock<Duration> = ContinuousClock(), initialStatus: IndexStatus = IndexStatus(), retry: RetryPolicy? = nil,
                    yieldsToPower: Bool = false, grant: (any RunGrant)? = nil, waitsForGrant: Bool = false,
                    journal: (any RunJournal)? = nil, continuation: RunContinuation? = nil) {
            self.powerMonitor = powerMonitor
            self.powerInterval = powerInterval
            self.clock = clock
            self.initialStatus = initialStatus
            self.retry = retry
            self.yieldsToPower = yieldsToPower
            self.grant = grant
            self.waitsForGrant = waitsForGrant
            self.journal = journal
            self.continuation = continuation
        }
    }

    let graph: PipelineGraph
    let ledger: any CaptureLedger
    let options: Options
    let statusCenter: StatusCenter
    let gates: [StageGate]
    let control = Mutex(RunControl())
    private let started = Atomic(false)

    public init(graph: PipelineGraph, ledger: any CaptureLedger, options: Options = Options()) {
        self.graph = graph
        self.ledger = ledger
        self.options = options
        statusCenter = StatusCenter(initial: options.initialStatus)
        gates = graph.stages.map { StageGate(limit: $0.concurrency) }
    }

    /// The status now.
    public var status: IndexStatus { statusCenter.current }

    /// Every status from now on, starting with the current one; the stream ends when the run has ended.
    public func statusUpdates() -> AsyncStream<IndexStatus> { statusCenter.updates() }

    /// Runs the pipeline until every listed capture is processed, or the run is stopped. Throws only when the
    /// runner has already been started.
    public func run() async throws(RunnerError) -> RunSummary {
        guard started.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else {
            throw .alreadyRunning
        }
        defer { statusCenter.finish() }
        let flow = RunFlow(runner: self)
        return await flow.run()
    }

    /// Lets no new capture enter any stage; captures inside finish. Indexing waits until `resume()`.
    public func pause() {
        control.withLock { $0.paused = true }
        applyLimits()
        statusCenter.apply(.paused)
    }

    public func resume() {
        control.withLock { $0.paused = false }
        applyLimits()
        statusCenter.apply(.resumed)
    }

    /// Ends the run cleanly: the sources stop listing, captures not yet taken in by a first stage are left for the
    /// next run, captures already under way go through to the end (a pause is lifted for them), and every stage's
    /// `finish()` runs. The next run carries on from there, and no capture is done twice.
    public func stop(_ reason: StopReason = .user) {
        requestStop(reason == .user ? .user : .system(nil))
    }

    /// Returns once at least `count` captures wait at the door of stage `id` (paused or throttled), so a test can
    /// prove that nothing enters while paused without counting yields.
    package func waitForWaitingCaptures(stage id: String, count: Int) async {
        guard let index = graph.stages.firstIndex(where: { $0.id == id }) else {
            preconditionFailure("no stage \(id) in the graph")
        }
        await gates[index].waitForWaiting(count)
    }

    /// Reads the power conditions now and throttles (or stops throttling) accordingly. Runs when a run starts and
    /// then every `Options.powerInterval` of `Options.clock` by itself while the run is under way.
    public func checkPower() {
        guard let monitor = options.powerMonitor else { return }
        let conditions = monitor.conditions()
        let changed = control.withLock { control in
            defer { control.conditions = conditions }
            return control.conditions != conditions
        }
        guard changed else { return }
        if options.yieldsToPower, let reason = conditions.throttleReason {
            requestStop(.system(reason))
            return
        }
        applyLimits()
        statusCenter.apply(.throttled(reason: conditions.throttleReason))
    }

    func requestStop(_ stop: RunControl.Stop) {
        let first = control.withLock { control in
            defer { if control.stop == nil { control.stop = stop } }
            return control.stop == nil
        }
        guard first else { return }
        for (gate, node) in zip(gates, graph.stages) where !node.upstreamSources.isEmpty { gate.close() }
        applyLimits()
    }

    var stopRequest: RunControl.Stop? { control.withLock { $0.stop } }

    private func applyLimits() {
        let control = self.control.withLock { $0 }
        for (gate, node) in zip(gates, graph.stages) { gate.setLimit(control.limit(concurrency: node.concurrency)) }
    }
}

/// Who asked a run to stop; decides whether the last run reads `stopped` or `endedBySystem`.
public enum StopReason: Sendable {
    /// The user (SIGINT, or the app).
    case user
    /// The system (SIGTERM, as at shutdown).
    case system
}
