import Runner
import Synchronization

/// The lock around the stage's buffer, shared by the stage's workers.
final class SliceBufferStorage: Sendable {
    let state: Mutex<SliceBuffer>
    /// The run's receipts, from the first call that brought them (the same for every call of a run).
    let receipts = Mutex<CommitReceipts?>(nil)

    init(_ buffer: SliceBuffer) { state = Mutex(buffer) }
}
