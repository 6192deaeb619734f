import Foundation

extension IndexStatus {
    /// This status as it reads once a run has ended for `reason`: `lastRun` filled from the run's counts, the
    /// phase and pause reason that follow, and `nextAttempt` from `retry` (nil: nothing will try again by itself).
    /// Used, for instance, to mark a run whose process died as interrupted.
    public func ended(_ reason: LastRun.Reason, failure: String? = nil, at date: Date = Date(),
                      retry: RetryPolicy? = nil) -> IndexStatus {
        var machine = StatusMachine(status: self)
        let next = retry?.nextAttempt(after: reason, at: date)
        machine.apply(.runEnded(reason, failure: failure, at: date, nextAttempt: next))
        return machine.status
    }
}
