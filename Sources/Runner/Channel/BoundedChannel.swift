import Synchronization

/// A many-to-many async channel holding at most `capacity` elements: `send` suspends while it is full, which is
/// how a slow stage holds back the stages before it. `receive` suspends while it is empty and returns nil once
/// the channel is closed and drained.
///
/// (AsyncStream's buffering policies either drop elements or grow without bound; this is the bounded part.)
final class BoundedChannel<Element: Sendable>: Sendable {
    private let state: Mutex<BoundedChannelStateMachine<Element>>

    init(capacity: Int) {
        state = Mutex(BoundedChannelStateMachine(capacity: capacity))
    }

    /// Elements waiting in the channel (buffered, or held by suspended senders).
    var count: Int { state.withLock { $0.count } }

    func send(_ element: Element) async {
        let action = state.withLock { $0.send(element) }
        switch action {
        case .resumeReceiver(let receiver):
            receiver.resume(returning: element)
        case .buffered:
            return
        case .suspend:
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = state.withLock { $0.suspendSender(element, continuation) }
                ready?.resume()
            }
        }
    }

    func receive() async -> Element? {
        let action = state.withLock { $0.receive() }
        switch action {
        case .element(let element, let sender):
            sender?.resume()
            return element
        case .finished:
            return nil
        case .suspend:
            return await withCheckedContinuation { (continuation: CheckedContinuation<Element?, Never>) in
                let action = state.withLock { $0.suspendReceiver(continuation) }
                if case .resume(let receiver, let element, let sender) = action {
                    sender?.resume()
                    receiver.resume(returning: element)
                }
            }
        }
    }

    /// Ends the channel: elements already in it are still received, then every receiver gets nil.
    func close() {
        let receivers = state.withLock { $0.close() }
        for receiver in receivers { receiver.resume(returning: nil) }
    }
}
