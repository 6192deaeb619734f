import Runner
import Synchronization

/// A source over values held in memory, for tests: emits the values whose signature the ledger does not hold,
/// forgets captures the ledger holds that are no longer in the list, and counts what it emitted.
public struct ListSource<Value: Sendable>: CaptureSource {
    public var items: [SourceCapture<Value>]
    /// Called as each capture is emitted, before it is handed on (e.g. to count captures in flight).
    public var onEmit: @Sendable (SourceCapture<Value>) async -> Void

    public init(items: [SourceCapture<Value>], onEmit: @escaping @Sendable (SourceCapture<Value>) async -> Void = { _ in }) {
        self.items = items
        self.onEmit = onEmit
    }

    /// One capture per value, with ids "c0", "c1", ... and signature "1".
    public init(values: [Value], onEmit: @escaping @Sendable (SourceCapture<Value>) async -> Void = { _ in }) {
        self.init(items: values.enumerated().map { SourceCapture(id: CaptureID("c\($0)"), signature: "1", value: $1) },
                  onEmit: onEmit)
    }

    public func captures(context: SourceContext, emit: (SourceCapture<Value>) async throws -> Void) async throws {
        let known = try await context.ledger.signatures(source: context.sourceID)
        let present = Set(items.map(\.id))
        let gone = known.keys.filter { !present.contains($0) }.sorted()
        if !gone.isEmpty { try await context.ledger.forget(gone, source: context.sourceID) }
        let todo = items.filter { known[$0.id] != $0.signature }
        context.announce(total: todo.count)
        for item in todo {
            await onEmit(item)
            try await emit(item)
        }
    }
}
