import Synchronization

/// Holds the current status behind a lock and hands every change to its subscribers.
final class StatusCenter: Sendable {
    private struct State {
        var machine: StatusMachine
        var skipped: [SkippedEntry] = []
        var subscribers: [Int: AsyncStream<IndexStatus>.Continuation] = [:]
        var nextID = 0
        /// Set by `finish()`: a subscriber that comes later gets the last status and the end at once.
        var finished = false
    }

    private let state: Mutex<State>

    init(initial: IndexStatus) {
        state = Mutex(State(machine: StatusMachine(status: initial)))
    }

    var current: IndexStatus { state.withLock { $0.machine.status } }

    func apply(_ event: StatusMachine.Event) {
        let (status, subscribers) = state.withLock { state in
            state.machine.apply(event)
            return (state.machine.status, Array(state.subscribers.values))
        }
        for subscriber in subscribers { subscriber.yield(status) }
    }

    /// Entries skipped this run, kept for the summary: at most this many (a folder of a million FIFOs must not
    /// fill memory); the status counts them all.
    static let skippedListLimit = 10_000

    /// Entries the sources skipped, in the order reported (at most `skippedListLimit`).
    var skippedEntries: [SkippedEntry] { state.withLock { $0.skipped } }

    /// A source skipped an entry: it is kept for the summary and counted in the status.
    func skip(_ entry: SkippedEntry) {
        state.withLock { state in
            if state.skipped.count < Self.skippedListLimit { state.skipped.append(entry) }
        }
        apply(.skipped)
    }

    /// Every status from now on, starting with the current one; ends when the center finishes (at once, after the
    /// current status, when it has finished already: a progress task that starts after a short run ends too).
    func updates() -> AsyncStream<IndexStatus> {
        let (stream, continuation) = AsyncStream<IndexStatus>.makeStream(bufferingPolicy: .bufferingNewest(256))
        let id = state.withLock { state -> Int? in
            continuation.yield(state.machine.status)
            guard !state.finished else { return nil }
            let id = state.nextID
            state.nextID += 1
            state.subscribers[id] = continuation
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Ends every subscriber's stream.
    func finish() {
        let subscribers = state.withLock { state in
            state.finished = true
            defer { state.subscribers.removeAll() }
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.finish() }
    }
}
