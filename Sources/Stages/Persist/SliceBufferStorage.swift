import Synchronization

/// The lock around the stage's buffer, shared by the stage's workers.
final class SliceBufferStorage: Sendable {
    let state: Mutex<SliceBuffer>

    init(_ buffer: SliceBuffer) { state = Mutex(buffer) }
}
