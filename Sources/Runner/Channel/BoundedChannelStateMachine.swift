/// The pure state of a `BoundedChannel`: the buffered elements, the suspended senders and receivers, and
/// whether the channel is closed. Each event returns what the storage must do once it has released its lock.
struct BoundedChannelStateMachine<Element: Sendable> {
    typealias SendContinuation = CheckedContinuation<Void, Never>
    typealias ReceiveContinuation = CheckedContinuation<Element?, Never>

    private let capacity: Int
    /// A ring of `capacity` slots; a received element's slot is emptied at once, so nothing outlives its stay.
    private var slots: [Element?]
    private var head = 0
    private var buffered = 0
    private var suspendedSenders: [(element: Element, continuation: SendContinuation)] = []
    private var suspendedReceivers: [ReceiveContinuation] = []
    private var closed = false

    init(capacity: Int) {
        precondition(capacity >= 1, "a bounded channel needs room for at least one element")
        self.capacity = capacity
        slots = Array(repeating: nil, count: capacity)
    }

    /// Elements buffered plus elements held by suspended senders.
    var count: Int { buffered + suspendedSenders.count }

    enum SendAction {
        /// Hand the element straight to a waiting receiver.
        case resumeReceiver(ReceiveContinuation)
        /// The element was buffered; the sender carries on.
        case buffered
        /// The buffer is full: the sender must suspend (call `suspendSender`).
        case suspend
    }

    mutating func send(_ element: Element) -> SendAction {
        precondition(!closed, "send on a closed channel")
        if !suspendedReceivers.isEmpty {
            return .resumeReceiver(suspendedReceivers.removeFirst())
        }
        if buffered < capacity {
            push(element)
            return .buffered
        }
        return .suspend
    }

    /// Parks a sender whose element did not fit; it resumes when a receiver makes room.
    mutating func suspendSender(_ element: Element, _ continuation: SendContinuation) -> SendContinuation? {
        if buffered < capacity {     // room was made between `send` and the suspension
            push(element)
            return continuation
        }
        suspendedSenders.append((element, continuation))
        return nil
    }

    enum ReceiveAction {
        /// An element was ready; resume the sender that was waiting for room, if any.
        case element(Element, resumeSender: SendContinuation?)
        /// Closed and drained.
        case finished
        /// Nothing yet: the receiver must suspend (call `suspendReceiver`).
        case suspend
    }

    mutating func receive() -> ReceiveAction {
        if let element = pop() {
            var resumed: SendContinuation?
            if !suspendedSenders.isEmpty {
                let sender = suspendedSenders.removeFirst()
                push(sender.element)
                resumed = sender.continuation
            }
            return .element(element, resumeSender: resumed)
        }
        return closed ? .finished : .suspend
    }

    enum SuspendReceiverAction {
        case resume(ReceiveContinuation, Element?, resumeSender: SendContinuation?)
        case suspended
    }

    mutating func suspendReceiver(_ continuation: ReceiveContinuation) -> SuspendReceiverAction {
        switch receive() {
        case .element(let element, let sender): return .resume(continuation, element, resumeSender: sender)
        case .finished: return .resume(continuation, nil, resumeSender: nil)
        case .suspend:
            suspendedReceivers.append(continuation)
            return .suspended
        }
    }

    /// No more sends; receivers drain what is buffered, then see the end. Returns the receivers to finish.
    mutating func close() -> [ReceiveContinuation] {
        closed = true
        guard buffered == 0, suspendedSenders.isEmpty else { return [] }
        defer { suspendedReceivers.removeAll() }
        return suspendedReceivers
    }

    private mutating func push(_ element: Element) {
        slots[(head + buffered) % capacity] = element
        buffered += 1
    }

    private mutating func pop() -> Element? {
        guard buffered > 0 else { return nil }
        defer {
            slots[head] = nil
            head = (head + 1) % capacity
            buffered -= 1
        }
        return slots[head]
    }
}
