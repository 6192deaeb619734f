/// How one run ended: the reason, the counts, every capture that failed and every entry skipped, with reasons.
public struct RunSummary: Sendable {
    public var reason: LastRun.Reason
    public var indexed: Int
    public var failed: Int
    public var failures: [CaptureFailure]
    /// Entries the sources skipped (not regular files), in the order they were found; at most
    /// `StatusCenter.skippedListLimit`, while `status.detail.skipped` counts them all.
    public var skipped: [SkippedEntry] = []
    /// What went wrong, when the run itself failed or waits for permission.
    public var problem: String?
    /// The status at the end of the run.
    public var status: IndexStatus
}
