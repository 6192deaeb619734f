import Synchronization

/// A queue a test reads one element at a time, in as many loops as it likes (an `AsyncStream` ends when the first
/// loop over it breaks).
final class EventQueue<Element: Sendable>: Sendable {
    private struct State {
        var buffer: [Element] = []
        var waiter: CheckedContinuation<Element, Never>?
    }

    private let state = Mutex(State())

    func push(_ element: Element) {
        let waiter = state.withLock { state -> CheckedContinuation<Element, Never>? in
            guard let waiter = state.waiter else {
                state.buffer.append(element)
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: element)
    }

    func next() async -> Element {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Element? in
                guard state.buffer.isEmpty else { return state.buffer.removeFirst() }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
