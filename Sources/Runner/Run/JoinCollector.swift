import Synchronization

/// Gathers, for each capture, the outputs that reach a join stage along its incoming edges, and hands over the
/// joined value once every edge has delivered (or the failure, if any edge brought one).
///
/// Its size is bounded by the captures in flight between the fan-out and the join, which the channels bound.
final class JoinCollector: Sendable {
    private struct Pending {
        var parts = JoinedParts()
        var arrived = 0
        var failure: CaptureFailure?
    }

    private let pending = Mutex<[CaptureID: Pending]>([:])

    /// Adds one edge's delivery; returns the joined envelope when this was the last of `expected` deliveries.
    func add(_ envelope: Envelope, expected: Int) -> Envelope? {
        pending.withLock { pending in
            var entry = pending[envelope.capture] ?? Pending()
            entry.arrived += 1
            switch envelope.payload {
            case .value(let value): entry.parts.add(value)
            case .failed(let failure): entry.failure = entry.failure ?? failure
            }
            guard entry.arrived >= expected else {
                pending[envelope.capture] = entry
                return nil
            }
            pending[envelope.capture] = nil
            let payload: Envelope.Payload = entry.failure.map { .failed($0) } ?? .value(entry.parts)
            return Envelope(capture: envelope.capture, source: envelope.source, payload: payload)
        }
    }
}
