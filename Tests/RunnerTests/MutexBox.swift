import Synchronization

/// A value behind a lock, for test bookkeeping.
final class MutexBox<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) { mutex = Mutex(value) }

    func get() -> Value { mutex.withLock { $0 } }
    func update<Result>(_ body: (inout Value) -> Result) -> Result { mutex.withLock { body(&$0) } }
}
