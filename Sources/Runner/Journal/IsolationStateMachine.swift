/// The pure rules of running some captures alone: ordinary captures share the stages with each other, a capture
/// to isolate enters only when nothing else is under way, and nothing enters while it is under way or waiting.
/// `Waiter` is what the storage resumes (a continuation); the machine only says whom.
struct IsolationStateMachine<Waiter> {
    private var sharing: Set<CaptureID> = []
    private var alone: CaptureID?
    private var waitingAlone: [(CaptureID, Waiter)] = []
    private var waitingShared: [(CaptureID, Waiter)] = []

    /// An ordinary capture asks to enter; true when it may go now, else `waiter` is kept and resumed later.
    mutating func enterShared(_ capture: CaptureID, _ waiter: Waiter) -> Bool {
        guard alone == nil, waitingAlone.isEmpty else {
            waitingShared.append((capture, waiter))
            return false
        }
        sharing.insert(capture)
        return true
    }

    /// A capture to isolate asks to enter; true when it may go now.
    mutating func enterAlone(_ capture: CaptureID, _ waiter: Waiter) -> Bool {
        guard alone == nil, sharing.isEmpty, waitingAlone.isEmpty else {
            waitingAlone.append((capture, waiter))
            return false
        }
        alone = capture
        return true
    }

    /// `capture` is no longer under way (done, held by a committing stage, or turned away); returns the waiters
    /// that may go now. Leaving twice is harmless.
    mutating func leave(_ capture: CaptureID) -> [Waiter] {
        if alone == capture { alone = nil } else { sharing.remove(capture) }
        guard alone == nil, sharing.isEmpty || waitingAlone.isEmpty else { return [] }
        if sharing.isEmpty, !waitingAlone.isEmpty {
            let (next, waiter) = waitingAlone.removeFirst()
            alone = next
            return [waiter]
        }
        let released = waitingShared
        waitingShared = []
        for (capture, _) in released { sharing.insert(capture) }
        return released.map(\.1)
    }
}
