import Synchronization

/// Counts, for each capture in flight, the terminal stages (those nothing reads) it has yet to pass; when the
/// last one is passed the capture is finished: indexed, or failed with the first failure it met.
final class CompletionTracker: Sendable {
    enum Completion: Equatable {
        case indexed
        case failed(CaptureFailure, signature: String, source: Int)
    }

    private struct Entry {
        var source: Int
        var signature: String
        var remaining: Int
        var failure: CaptureFailure?
    }

    private let terminalsBySource: [Int]
    private let entries = Mutex<[CaptureID: Entry]>([:])

    init(terminalsBySource: [Int]) {
        self.terminalsBySource = terminalsBySource
    }

    func register(_ capture: CaptureID, source: Int, signature: String) {
        entries.withLock {
            $0[capture] = Entry(source: source, signature: signature, remaining: terminalsBySource[source])
        }
    }

    /// Records that `envelope` passed a terminal stage; returns the completion when it was the last one.
    func arrive(_ envelope: Envelope) -> Completion? {
        entries.withLock { entries in
            guard var entry = entries[envelope.capture] else { return nil }
            entry.remaining -= 1
            if case .failed(let failure) = envelope.payload, entry.failure == nil { entry.failure = failure }
            guard entry.remaining <= 0 else {
                entries[envelope.capture] = entry
                return nil
            }
            entries[envelope.capture] = nil
            if let failure = entry.failure {
                return .failed(failure, signature: entry.signature, source: entry.source)
            }
            return .indexed
        }
    }
}
