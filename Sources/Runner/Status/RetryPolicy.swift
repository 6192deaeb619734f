import Foundation

/// When indexing tries again by itself after a run ends, for runs started by something that does try again
/// (`pool-pipeline run --watch`, or a timer running `run --if-due`). What `lastRun.nextAttempt` says.
///
/// - completed: an update run later, to pick up new and changed captures (`afterCompleted`);
/// - endedBySystem (SIGTERM, or a background run yielding to battery or heat), interrupted: soon, carrying on
///   where the run stopped (`afterUnfinished`);
/// - failed: after a longer pause, so a lasting problem does not spin (`afterFailure`);
/// - waiting (a source cannot be read, the index is held by another run): a check again soon (`whileWaiting`);
/// - stopped: never by itself; the user stopped it and starts it again.
public struct RetryPolicy: Sendable, Equatable {
    public var afterCompleted: TimeInterval
    public var afterUnfinished: TimeInterval
    public var afterFailure: TimeInterval
    public var whileWaiting: TimeInterval

    public init(afterCompleted: TimeInterval = 15 * 60, afterUnfinished: TimeInterval = 60,
                afterFailure: TimeInterval = 10 * 60, whileWaiting: TimeInterval = 60) {
        self.afterCompleted = afterCompleted
        self.afterUnfinished = afterUnfinished
        self.afterFailure = afterFailure
        self.whileWaiting = whileWaiting
    }

    /// Whether a run started on a schedule (`run --if-due`) should go ahead now after `lastRun`: when it names
    /// its next attempt, once that has come; when it names none (a one-off run), once this policy's interval after
    /// it has passed. Never after a run the user stopped, and always when nothing ran yet.
    public func isDue(after lastRun: LastRun?, now: Date) -> Bool {
        guard let lastRun else { return true }
        guard let next = lastRun.nextAttempt ?? nextAttempt(after: lastRun.reason, at: lastRun.finishedAt) else {
            return false
        }
        return next <= now
    }

    /// When the next attempt is due after a run that ended for `reason` at `date`; nil when nothing will try again.
    public func nextAttempt(after reason: LastRun.Reason, at date: Date) -> Date? {
        switch reason {
        case .completed: date.addingTimeInterval(afterCompleted)
        case .endedBySystem, .interrupted: date.addingTimeInterval(afterUnfinished)
        case .failed: date.addingTimeInterval(afterFailure)
        case .waiting: date.addingTimeInterval(whileWaiting)
        case .stopped: nil
        }
    }
}
