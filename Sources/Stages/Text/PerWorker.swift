import Synchronization

/// One value per worker, made on the worker's first use: a stage's Tesseract engines (workers never share a
/// `TessBaseAPI`) and the line recogniser's scratch buffers.
///
/// The lock guards only the table; a value is used by its own worker outside the lock.
final class PerWorker<Value: Sendable>: Sendable {
    private let values: Mutex<[Int: Value]> = Mutex([:])
    private let make: @Sendable () throws(ReadingError) -> Value

    init(make: @escaping @Sendable () throws(ReadingError) -> Value) {
        self.make = make
    }

    /// The value of `worker`, made on first use.
    func value(for worker: Int) throws(ReadingError) -> Value {
        if let value = values.withLock({ $0[worker] }) { return value }
        let value = try make()
        return values.withLock { table in
            if let existing = table[worker] { return existing }
            table[worker] = value
            return value
        }
    }
}
