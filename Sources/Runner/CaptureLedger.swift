/// The runner's view of the index: which captures are already done, so a run only does what is new, and a
/// place to record captures that failed or are gone.
///
/// Successful captures are recorded by the pipeline's own persist stage, in the same transaction as what was
/// derived from them, so a kill can never leave a capture marked done without its data.
///
/// A source that streams its listing asks about a batch of captures at a time (`signatures(of:source:)`) and
/// pages through the ids the ledger holds (`captureIDs(source:after:limit:)`) to find the ones that are gone, so
/// neither side holds the whole library in memory. Both have default implementations over `signatures(source:)`
/// for small ledgers (tests); a ledger over a large index implements them with lookups of its own.
public protocol CaptureLedger: Sendable {
    /// The signature recorded for each capture of `source` (indexed or failed), to skip unchanged captures.
    func signatures(source: String) async throws -> [CaptureID: String]
    /// The signatures recorded for `captures` of `source` (indexed or failed); captures the ledger does not hold
    /// are left out.
    func signatures(of captures: [CaptureID], source: String) async throws -> [CaptureID: String]
    /// Up to `limit` ids of `source`'s captures (indexed or failed) that sort after `id` (all when nil), in
    /// ascending order: a page of what the ledger holds, to compare with what a source found.
    func captureIDs(source: String, after id: CaptureID?, limit: Int) async throws -> [CaptureID]
    /// Records that a capture failed, with the reason; an unchanged failed capture is not retried.
    func recordFailure(_ failure: CaptureFailure, source: String, signature: String) async throws
    /// Drops captures that are no longer in the source, with everything derived from them.
    func forget(_ captures: [CaptureID], source: String) async throws
}

/// Why one capture failed: the stage that failed it and the reason in words.
public struct CaptureFailure: Sendable, Equatable, Codable, CustomStringConvertible {
    public var capture: CaptureID
    public var stageID: String
    public var reason: String

    public init(capture: CaptureID, stageID: String, reason: String) {
        self.capture = capture
        self.stageID = stageID
        self.reason = reason
    }

    public var description: String { "\(capture) failed in \(stageID): \(reason)" }
}
