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
        condition.lock()
        while !state.mayEnterShared { condition.wait() }
        state.enterShared()
        condition.unlock()
        defer {
            condition.lock()
            state.leaveShared()
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }

    /// Runs `body` with no other holder inside.
    func exclusive<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        condition.lock()
        state.queueExclusive()
        while !state.mayEnterExclusive { condition.wait() }
        state.enterExclusive()
        condition.unlock()
        defer {
            condition.lock()
            state.leaveExclusive()
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }
}
