import Foundation
import Runner
import Store

/// The index to one run at a time: granted by marking the saved status with this process's id, in one
/// transaction, unless a living process has marked it already (a dead one's mark is taken over).
struct IndexGrant: RunGrant {
    let store: IndexStore
    /// How long to wait before asking again.
    let interval: Duration

    func acquire() async throws -> String? {
        guard let holder = try store.claimStatus(pid: getpid(), isAlive: processIsAlive) else { return nil }
        return "process \(holder), which is indexing into \(store.path)"
    }

    func waitForChange() async throws {
        try await Task.sleep(for: interval)
    }
}
