import Synchronization

/// Lets the captures a run must try alone (`JournalStart.isolated`) through the stages with nothing else under
/// way, and the others through together; see `IsolationStateMachine`.
final class IsolationGate: Sendable {
    private let machine = Mutex(IsolationStateMachine<CheckedContinuation<Void, Never>>())

    /// Waits until `capture` may enter: alone when `alone`, else alongside other ordinary captures.
    func enter(_ capture: CaptureID, alone: Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = machine.withLock { machine in
                alone ? machine.enterAlone(capture, continuation) : machine.enterShared(capture, continuation)
            }
            if now { continuation.resume() }
        }
    }

    /// `capture` is no longer under way.
    func leave(_ capture: CaptureID) {
        let released = machine.withLock { $0.leave(capture) }
        for waiter in released { waiter.resume() }
    }
}
