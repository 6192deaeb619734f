import Foundation

/// A gate that many threads pass together and one alone: the locking around `SharedExclusiveState`. Bodies run
/// synchronously on the calling thread, which blocks while entry is refused; a body must not enter the same
/// gate again.
final class SharedExclusiveGate: @unchecked Sendable {
    // `state` is read and changed only with `condition` locked.
    private let condition = NSCondition()
    private var state = SharedExclusiveState()

    /// Runs `body` alongside other shared holders.
    func shared<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        try passing(when: \.mayEnterShared, enter: { $0.enterShared() }, leave: { $0.leaveShared() }, body)
    }

    /// Runs `body` with no other holder inside.
    func exclusive<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        try passing(queue: { $0.queueExclusive() }, when: \.mayEnterExclusive, enter: { $0.enterExclusive() },
                    leave: { $0.leaveExclusive() }, body)
    }

    /// Joins the line (`queue`), waits until `mayEnter`, enters, runs `body` outside the lock, and leaves,
    /// waking every waiter to look again.
    private func passing<Value, Failure: Error>(
        queue: (inout SharedExclusiveState) -> Void = { _ in }, when mayEnter: (SharedExclusiveState) -> Bool,
        enter: (inout SharedExclusiveState) -> Void, leave: (inout SharedExclusiveState) -> Void,
        _ body: () throws(Failure) -> Value
    ) throws(Failure) -> Value {
        condition.lock()
        queue(&state)
        while !mayEnter(state) { condition.wait() }
        enter(&state)
        condition.unlock()
        defer {
            condition.lock()
            leave(&state)
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }
}
