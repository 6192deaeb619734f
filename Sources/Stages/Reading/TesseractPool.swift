import Synchronization

/// One lazily made Tesseract engine per worker, so workers never share a `TessBaseAPI`.
///
/// The lock guards only the table; an engine is used by its own worker outside the lock.
final class TesseractPool: Sendable {
    private let engines: Mutex<[Int: TesseractEngine]> = Mutex([:])
    private let make: @Sendable () throws(ReadingError) -> TesseractEngine

    init(make: @escaping @Sendable () throws(ReadingError) -> TesseractEngine) {
        self.make = make
    }

    /// The engine of `worker`, made on first use.
    func engine(for worker: Int) throws(ReadingError) -> TesseractEngine {
        if let engine = engines.withLock({ $0[worker] }) { return engine }
        let engine = try make()
        return engines.withLock { table in
            if let existing = table[worker] { return existing }
            table[worker] = engine
            return engine
        }
    }
}
