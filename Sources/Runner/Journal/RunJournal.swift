/// A record, kept outside the process, of which captures are under way and in which stage: when the process dies
/// inside a stage (an abort or a segfault in a C library, memory past the ceiling), the next process reads it to
/// tell which capture took the process down, tries that capture once more on its own, and fails it if it takes
/// the process down again, so one capture can never stop indexing.
///
/// The runner calls it from its workers; every call must be cheap (it is made several times per capture) and
/// safe from any thread.
public protocol RunJournal: Sendable {
    /// Called once the run holds its grant, before anything is listed: settles what the last process left under
    /// way (recording the captures that took it down twice as failed) and says what this run must do about it.
    func begin() async throws -> JournalStart
    /// A capture was listed and enters the stages; `alone` when it is tried with nothing else under way; `path`
    /// where its source says it is, when it says.
    func admitted(_ capture: CaptureID, source: String, signature: String, path: String?, alone: Bool)
    /// The capture enters `stage` on the calling thread.
    func entered(_ capture: CaptureID, stage: String)
    /// The capture left `stage` (the calling thread may differ from the one it entered on).
    func left(_ capture: CaptureID, stage: String)
    /// The capture is done: stored, or failed and recorded.
    func finished(_ capture: CaptureID)
    /// The run has ended: nothing is under way any more. `complete` when every source listed everything it had
    /// (the run was not stopped), so a capture to isolate that never came is not coming (unchanged and recorded,
    /// or gone).
    func end(complete: Bool)
}

/// What a run must do about the captures the last process left under way.
public struct JournalStart: Sendable, Equatable {
    /// Captures that were under way when a stage took the process down: each is tried again on its own.
    public var isolated: Set<CaptureID>
    /// Captures that took the process down a second time, on their own: recorded as failed before this run, and
    /// counted among its failures.
    public var failures: [CaptureFailure]

    public init(isolated: Set<CaptureID> = [], failures: [CaptureFailure] = []) {
        self.isolated = isolated
        self.failures = failures
    }
}
