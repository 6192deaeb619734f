import Captures

/// The persist stage's buffer as a pure state machine: records gather until a slice is full, then the whole
/// slice is handed out to be written in one transaction.
struct SliceBuffer {
    let sliceSize: Int
    private var pending: [CaptureRecord] = []

    init(sliceSize: Int) {
        precondition(sliceSize >= 1, "a slice holds at least one capture")
        self.sliceSize = sliceSize
        pending.reserveCapacity(sliceSize)
    }

    /// The number of records waiting for their slice.
    var count: Int { pending.count }

    /// Adds a record; returns the full slice to write when this record completes it.
    mutating func append(_ record: CaptureRecord) -> [CaptureRecord]? {
        pending.append(record)
        guard pending.count >= sliceSize else { return nil }
        return drain()
    }

    /// Takes every waiting record (the last, partial slice at the end of a run).
    mutating func drain() -> [CaptureRecord] {
        let slice = pending
        pending = []
        pending.reserveCapacity(sliceSize)
        return slice
    }
}
