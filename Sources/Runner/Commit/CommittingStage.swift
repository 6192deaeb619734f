/// A stage that keeps what it is given and stores it later, several captures at a time (the index's persist stage).
///
/// A capture such a stage has taken is not done when `process` returns: it is done when the stage reports it
/// stored, or failed, through `StageContext.receipts`. Until then the run counts it as under way, so the counts in
/// the status and the summary are always what the store holds. `finish()` stores what is left and reports it too.
/// Outside a runner (a test harness) `receipts` is nil and nothing needs reporting.
public protocol CommittingStage: Stage {}
