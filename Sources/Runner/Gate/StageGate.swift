import Synchronization

/// The door of one stage: a worker holding a capture enters before processing it and leaves after. Pause,
/// throttle and stop act here, at the stage boundary: pausing sets the limit to zero (captures inside finish,
/// none enter), throttling lowers it, stopping turns every waiting capture away.
final class StageGate: Sendable {
    private let state: Mutex<StageGateStateMachine>
    /// Tasks waiting until a number of captures wait at the door (`waitForWaiting`); locked before `state`.
    private let watchers = Mutex<[(count: Int, continuation: CheckedContinuation<Void, Never>)]>([])

    init(limit: Int) {
        state = Mutex(StageGateStateMachine(limit: limit))
    }

    /// Captures inside the stage now.
    var inside: Int { state.withLock { $0.inside } }

    /// Waits until the capture may enter; false when the gate was closed (the run is stopping).
    func enter() async -> Bool {
        switch state.withLock({ $0.enter() }) {
        case .enter: return true
        case .refuse: return false
        case .suspend:
            return await withCheckedContinuation { (waiter: CheckedContinuation<Bool, Never>) in
                if let (ready, admitted) = state.withLock({ $0.suspend(waiter) }) {
                    ready.resume(returning: admitted)
                } else {
                    notifyWatchers()
                }
            }
        }
    }

    /// Returns once at least `count` captures wait at the door (a paused or throttled stage), for tests.
    func waitForWaiting(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = watchers.withLock { watchers -> Bool in
                if state.withLock({ $0.waiting }) >= count { return true }
                watchers.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    private func notifyWatchers() {
        let ready = watchers.withLock { watchers -> [CheckedContinuation<Void, Never>] in
            let waiting = state.withLock { $0.waiting }
            defer { watchers.removeAll { $0.count <= waiting } }
            return watchers.filter { $0.count <= waiting }.map(\.continuation)
        }
        for watcher in ready { watcher.resume() }
    }

    func leave() {
        let admitted = state.withLock { $0.leave() }
        for waiter in admitted { waiter.resume(returning: true) }
    }

    func setLimit(_ limit: Int) {
        let admitted = state.withLock { $0.setLimit(limit) }
        for waiter in admitted { waiter.resume(returning: true) }
    }

    func close() {
        let refused = state.withLock { $0.close() }
        for waiter in refused { waiter.resume(returning: false) }
    }
}
