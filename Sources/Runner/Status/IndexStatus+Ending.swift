import Foundation

extension IndexStatus {
    /// This status as it reads once a run has ended for `reason`: `lastRun` filled from the run's counts, the
    /// phase and pause reason that follow. Used, for instance, to mark a run whose process died as interrupted.
    public func ended(_ reason: LastRun.Reason, failure: String? = nil, at date: Date = Date()) -> IndexStatus {
        var machine = StatusMachine(status: self)
        machine.apply(.runEnded(reason, failure: failure, at: date))
        return machine.status
    }
}
