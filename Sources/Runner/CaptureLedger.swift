/// The runner's view of the index: which captures are already done, so a run only does what is new, and a
/// place to record captures that failed or are gone.
///
/// Successful captures are recorded by the pipeline's own persist stage, in the same transaction as what was
/// derived from them, so a kill can never leave a capture marked done without its data.
public protocol CaptureLedger: Sendable {
    /// The signature recorded for each capture of `source` (indexed or failed), to skip unchanged captures.
    func signatures(source: String) async throws -> [CaptureID: String]
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
