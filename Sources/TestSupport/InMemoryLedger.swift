import Runner
import Synchronization

/// A `CaptureLedger` kept in memory, for tests: what was indexed (by a test's own persist stage calling
/// `markIndexed`), what failed and what was forgotten.
public final class InMemoryLedger: CaptureLedger {
    private struct State {
        var indexed: [String: [CaptureID: String]] = [:]
        var failures: [String: [CaptureID: (CaptureFailure, String)]] = [:]
        var forgotten: [CaptureID] = []
    }

    private let state = Mutex(State())

    public init() {}

    /// Records a capture as indexed with its signature, as a persist stage would.
    public func markIndexed(_ capture: CaptureID, source: String, signature: String) {
        state.withLock { $0.indexed[source, default: [:]][capture] = signature }
    }

    public var indexed: Set<CaptureID> { state.withLock { Set($0.indexed.values.flatMap(\.keys)) } }
    public var failures: [CaptureFailure] {
        state.withLock { $0.failures.values.flatMap { $0.values.map(\.0) } }.sorted { $0.capture < $1.capture }
    }
    public var forgotten: [CaptureID] { state.withLock { $0.forgotten } }

    public func signatures(source: String) async throws -> [CaptureID: String] {
        state.withLock { state in
            var result = state.indexed[source] ?? [:]
            for (id, entry) in state.failures[source] ?? [:] { result[id] = entry.1 }
            return result
        }
    }

    public func recordFailure(_ failure: CaptureFailure, source: String, signature: String) async throws {
        state.withLock { $0.failures[source, default: [:]][failure.capture] = (failure, signature) }
    }

    public func forget(_ captures: [CaptureID], source: String) async throws {
        state.withLock { state in
            for capture in captures {
                state.indexed[source]?[capture] = nil
                state.failures[source]?[capture] = nil
            }
            state.forgotten += captures
        }
    }
}
