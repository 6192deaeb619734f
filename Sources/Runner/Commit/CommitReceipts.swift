/// Where a `CommittingStage` reports what became of the captures it took: stored, or failed with the reason
/// (a transaction that did not commit fails exactly the captures in it).
///
/// Reports may come from any thread, before or after `process` has returned for the capture.
public final class CommitReceipts: Sendable {
    /// What became of one capture.
    public enum Verdict: Sendable, Equatable {
        case stored
        case failed(reason: String)
    }

    private let report: @Sendable (CaptureID, Verdict) -> Void

    /// Receipts that hand every verdict to `report`.
    public init(_ report: @escaping @Sendable (CaptureID, Verdict) -> Void) {
        self.report = report
    }

    /// `captures` are stored: their transaction committed.
    public func stored(_ captures: [CaptureID]) {
        for capture in captures { report(capture, .stored) }
    }

    /// `captures` were not stored, for `reason`.
    public func failed(_ captures: [CaptureID], reason: String) {
        for capture in captures { report(capture, .failed(reason: reason)) }
    }
}
