import Foundation
import Runner
import Store
import Synchronization

/// The index to one run at a time: granted by taking the index's lock (`IndexLock`, a lock the kernel drops when
/// the process ends), then marking the saved status with this process's id so that a reader can tell a run that
/// ended without saving (its pid saved, no lock held) from one under way.
final class IndexGrant: RunGrant {
    let store: IndexStore
    /// How long to wait before asking again.
    let interval: Duration
    private let lock = Mutex<IndexLock?>(nil)
    /// What the run waits for besides the lock (an access grant covering a source), or nil when nothing.
    let accessCheck: (@Sendable () -> String?)?

    init(store: IndexStore, interval: Duration, accessCheck: (@Sendable () -> String?)? = nil) {
        self.store = store
        self.interval = interval
        self.accessCheck = accessCheck
    }

    /// Whether this process has the index: until then the saved status is another's, not to be written.
    var isHeld: Bool { lock.withLock { $0 != nil } }

    /// Takes the index's lock if it is free (or already this grant's) and returns nil; otherwise returns who
    /// holds it and changes nothing.
    func take() throws -> LockHolder? {
        try lock.withLock { held in
            if held != nil { return nil }
            switch try IndexLock.acquire(index: store.path) {
            case .heldBy(let holder):
                return holder
            case .acquired(let taken):
                try store.markRunning(pid: getpid())
                held = taken
                return nil
            }
        }
    }

    func acquire() async throws -> String? {
        if let waiting = accessCheck?() { return waiting }
        return try take().map { "\($0), which is indexing into \(store.path)" }
    }

    func waitForChange() async throws {
        try await Task.sleep(for: interval)
    }

    /// Lets the index go (once the run's last status is saved).
    func release() {
        lock.withLock { held in
            held?.release()
            held = nil
        }
    }
}
