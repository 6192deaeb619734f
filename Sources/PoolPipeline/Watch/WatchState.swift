import FileWatch
import Foundation
import Runner

/// The rules of `IndexWatcher`, apart from its lock: what to do next given the requests, changes and schedule.
struct WatchState<Instant: InstantProtocol>: @unchecked Sendable where Instant.Duration == Duration {
    enum Decision {
        case stop
        case pass(PassReason)
        /// Nothing to do until `deadline` (nil: until woken).
        case wait(Instant?, WaitingState)
    }

    var debouncer: ChangeDebouncer<Instant>
    var paused: Bool
    var stopped: StopReason?
    var current: Indexer?
    var lastSummary: RunSummary?
    var indexNowRequested = false
    /// The index options changed (applied in place already): the next pass starts at once, even with no request.
    var optionsChanged = false
    /// When the periodic pass is due.
    var nextPeriodic: Instant?
    var overflows = 0
    var lastOverflow: Date?
    var passes = 0
    var lastReason: PassReason?
    /// The loop waiting to be woken, or a wake that came while it was not waiting.
    var waiter: CheckedContinuation<Void, Never>?
    var woken = false

    init(debouncer: ChangeDebouncer<Instant>, paused: Bool) {
        self.debouncer = debouncer
        self.paused = paused
    }

    /// What to do at `now`: a pass starts for settled changes, a request, or the periodic pass (the last two only
    /// while no file is being written); none while paused. Taking a pass clears what it covers.
    mutating func decide(at now: Instant) -> Decision {
        if stopped != nil { return .stop }
        if paused { return .wait(nil, waiting(until: nil)) }
        var reason: PassReason?
        if let pass = debouncer.takePass(at: now) {
            reason = pass.overflowed ? .overflow : .changes(pass.paths.count)
        } else if debouncer.filesBeingWritten == 0 {
            // A request or the periodic pass waits for files being written too (never read half-way).
            if optionsChanged {
                reason = .optionsChanged
            } else if indexNowRequested {
                reason = .requested
            } else if let nextPeriodic, nextPeriodic <= now {
                reason = .scheduled
            }
        }
        if let reason {
            // A pass lists every source: it covers the requests and changes so far.
            indexNowRequested = false
            optionsChanged = false
            debouncer.reset()
            nextPeriodic = nil
            passes += 1
            lastReason = reason
            return .pass(reason)
        }
        let deadlines = [debouncer.deadline(), debouncer.filesBeingWritten == 0 ? nextPeriodic : nil].compactMap { $0 }
        return .wait(deadlines.min(), waiting(until: nil))
    }

    /// What the watcher waits on (`until` is filled in by the watcher, which knows the dates).
    private func waiting(until: Date?) -> WaitingState {
        WaitingState(until: until, paused: paused, filesBeingWritten: debouncer.filesBeingWritten,
                     pendingChanges: debouncer.pendingCount, requestPending: indexNowRequested || optionsChanged)
    }

    struct Snapshot {
        var current: Indexer?
        var lastSummary: RunSummary?
        var paused: Bool
        var pending: Int
        var writing: Int
        var overflows: Int
        var lastOverflow: Date?
        var nextPeriodic: Instant?
        var passes: Int
        var lastReason: PassReason?
    }

    func snapshot() -> Snapshot {
        Snapshot(current: current, lastSummary: lastSummary, paused: paused, pending: debouncer.pendingCount,
                 writing: debouncer.filesBeingWritten, overflows: overflows, lastOverflow: lastOverflow,
                 nextPeriodic: nextPeriodic, passes: passes, lastReason: lastReason)
    }
}
