import Synchronization

/// A value made the first time it is asked for, then kept: what a stage loads only when a capture needs it.
final class FirstUse<Value: Sendable>: Sendable {
    private let made: Mutex<Value?> = Mutex(nil)
    private let make: @Sendable () -> Value

    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    /// The value, made under the lock on the first call (a second caller waits for it rather than making another).
    var value: Value {
        made.withLock { made in
            if let value = made { return value }
            let value = make()
            made = value
            return value
        }
    }
}
