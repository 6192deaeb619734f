import Synchronization

/// A gate for deterministic concurrency tests: `pass()` suspends until the test hands out a permit with
/// `release()`. Also counts arrivals, so a test can wait until a given number of tasks are waiting.
public final class TestGate: Sendable {
    private struct State {
        var permits = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
        var arrivals = 0
        var arrivalWatchers: [(Int, CheckedContinuation<Void, Never>)] = []
        var open = false
    }

    private let state = Mutex(State())

    public init() {}

    /// Waits for a permit (or passes at once once the gate is opened for good).
    public func pass() async {
        let watchers = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.arrivals += 1
            let ready = state.arrivalWatchers.filter { $0.0 <= state.arrivals }.map(\.1)
            state.arrivalWatchers.removeAll { $0.0 <= state.arrivals }
            return ready
        }
        for watcher in watchers { watcher.resume() }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let passNow = state.withLock { state -> Bool in
                if state.open { return true }
                if state.permits > 0 {
                    state.permits -= 1
                    return true
                }
                state.waiters.append(continuation)
                return false
            }
            if passNow { continuation.resume() }
        }
    }

    /// Lets `count` waiting or future callers of `pass()` through.
    public func release(_ count: Int = 1) {
        let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.permits += count
            let take = min(state.permits, state.waiters.count)
            state.permits -= take
            let released = Array(state.waiters.prefix(take))
            state.waiters.removeFirst(take)
            return released
        }
        for waiter in released { waiter.resume() }
    }

    /// Lets everyone through from now on.
    public func open() {
        let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.open = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        for waiter in released { waiter.resume() }
    }

    /// How many times `pass()` has been called.
    public var arrivals: Int { state.withLock { $0.arrivals } }

    /// Suspends until `pass()` has been called at least `count` times in all.
    public func waitForArrivals(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.arrivals >= count { return true }
                state.arrivalWatchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
