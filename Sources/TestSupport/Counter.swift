import Synchronization

/// A counter tests can wait on: `waitFor(n)` returns once the value reaches n; `maximum` remembers the peak.
public final class Counter: Sendable {
    private struct State {
        var value = 0
        var maximum = 0
        var watchers: [(Int, CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    public init() {}

    public var value: Int { state.withLock { $0.value } }
    public var maximum: Int { state.withLock { $0.maximum } }

    /// Adds `delta` (may be negative) and returns the new value.
    @discardableResult
    public func add(_ delta: Int = 1) -> Int {
        let (value, ready) = state.withLock { state -> (Int, [CheckedContinuation<Void, Never>]) in
            state.value += delta
            state.maximum = max(state.maximum, state.value)
            let ready = state.watchers.filter { $0.0 <= state.value }.map(\.1)
            state.watchers.removeAll { $0.0 <= state.value }
            return (state.value, ready)
        }
        for watcher in ready { watcher.resume() }
        return value
    }

    public func waitFor(_ target: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.value >= target { return true }
                state.watchers.append((target, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
