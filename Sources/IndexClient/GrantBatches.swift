import Foundation
import Store

/// Newly indexed captures for one grant, in batches of about a hundred, while indexing runs and after it; ends
/// when the grant is revoked (or, when `follow` is off, once everything indexed so far was read).
///
/// Start after a batch id a consumer saw last to get exactly what came after it. Between reads that find nothing
/// new the sequence waits through `wait` (a sleep by default; tests pass a gate).
public struct GrantBatches: AsyncSequence, Sendable {
    public typealias Element = CaptureBatch
    /// Waits before looking for new captures again; throws to end the sequence.
    public typealias Wait = @Sendable () async throws -> Void

    let index: PoolIndex
    let grantID: String
    let after: String?
    let follow: Bool
    let size: Int
    let wait: Wait

    public func makeAsyncIterator() -> Iterator {
        Iterator(sequence: self, position: after.flatMap(CaptureBatch.position(of:)) ?? 0)
    }

    public struct Iterator: AsyncIteratorProtocol {
        let sequence: GrantBatches
        var position: Int64
        var ended = false

        public mutating func next() async throws -> CaptureBatch? {
            while !ended {
                let contents = try sequence.index.settings.load()
                guard let grant = contents.grants.first(where: { $0.id == sequence.grantID }) else {
                    ended = true
                    return nil
                }
                let store = try sequence.index.open()
                let batch = try store.nextBatch(for: grant, after: position, size: sequence.size,
                                                options: contents.options)
                store.close()
                if let batch {
                    position = CaptureBatch.position(of: batch.id) ?? position
                    if !batch.items.isEmpty { return batch }
                    continue
                }
                guard sequence.follow else {
                    ended = true
                    return nil
                }
                try await sequence.wait()
            }
            return nil
        }
    }
}

extension PoolIndex {
    /// The batches of grant `grantID`, after the batch id `after` (from the start when nil). With `follow` the
    /// sequence waits for new captures until the grant is revoked; without it, it ends once caught up (and at
    /// once for a revoked or unknown grant).
    public func batches(grant grantID: String, after: String? = nil, follow: Bool = true, size: Int = 100,
                        wait: @escaping GrantBatches.Wait = { try await Task.sleep(for: .milliseconds(500)) })
        throws -> GrantBatches {
        if let after, CaptureBatch.position(of: after) == nil { throw BatchError.badBatchID(after) }
        return GrantBatches(index: self, grantID: grantID, after: after, follow: follow, size: size, wait: wait)
    }
}

/// Why batches could not be streamed.
public enum BatchError: Error, Equatable, CustomStringConvertible {
    /// The id to resume after is not a batch id.
    case badBatchID(String)

    public var description: String {
        switch self {
        case .badBatchID(let id): "\"\(id)\" is not a batch id (they look like bat_1z)"
        }
    }
}
