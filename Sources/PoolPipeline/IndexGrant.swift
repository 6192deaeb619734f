import Foundation
import Runner
import Store
import Synchronization

/// The index to one run at a time: granted by marking the saved status with this process's id, in one
/// transaction, unless a living process has marked it already (a dead one's mark is taken over).
final class IndexGrant: RunGrant {
    let store: IndexStore
    /// How long to wait before asking again.
    let interval: Duration
    private let held = Atomic(false)

    init(store: IndexStore, interval: Duration) {
        self.store = store
        self.interval = interval
    }

    /// Whether this process has the index: until then the saved status is another's, not to be written.
    var isHeld: Bool { held.load(ordering: .acquiring) }

    func acquire() async throws -> String? {
        if let holder = try store.claimStatus(pid: getpid(), isAlive: processIsAlive) {
            return "process \(holder), which is indexing into \(store.path)"
        }
        held.store(true, ordering: .releasing)
        return nil
    }

    func waitForChange() async throws {
        try await Task.sleep(for: interval)
    }
}
