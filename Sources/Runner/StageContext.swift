/// What a stage knows about the call it is serving: which stage node, which capture, which worker.
public struct StageContext: Sendable {
    /// The id of the stage node in the pipeline file.
    public var stageID: String
    /// The capture being processed.
    public var capture: CaptureID
    /// The worker making the call, in `0..<concurrency`; stable for the life of a run.
    public var worker: Int
    /// Where a `CommittingStage` reports the captures it stored or failed to store; nil for other stages and
    /// outside a runner.
    public var receipts: CommitReceipts?

    public init(stageID: String, capture: CaptureID, worker: Int, receipts: CommitReceipts? = nil) {
        self.stageID = stageID
        self.capture = capture
        self.worker = worker
        self.receipts = receipts
    }
}
