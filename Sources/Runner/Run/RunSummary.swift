/// How one run ended: the reason, the counts, and every capture that failed with its reason.
public struct RunSummary: Sendable {
    public var reason: LastRun.Reason
    public var indexed: Int
    public var failed: Int
    public var failures: [CaptureFailure]
    /// What went wrong, when the run itself failed or waits for permission.
    public var problem: String?
    /// The status at the end of the run.
    public var status: IndexStatus
}
