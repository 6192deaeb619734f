import Runner

/// How a run behaves beyond indexing what is new: a one-off run (the default), or one started by something that
/// runs again by itself (`run --watch`, or a timer running `run --if-due`).
public struct IndexingMode: Sendable {
    /// When the next attempt is due after each run (`lastRun.nextAttempt`); nil for a one-off run.
    public var retry: RetryPolicy?
    /// A background run: it ends, as `endedBySystem`, when the machine is hot, on battery or in a power-saver
    /// profile, instead of slowing down.
    public var background: Bool
    /// Whether a run waits (phase `waitingForGrant`) while another process indexes into the same index, instead
    /// of failing at once.
    public var waitsForIndex: Bool
    /// The most resident memory the run may use, in MiB, past which the process ends itself and the captures
    /// under way are tried again one at a time (see `MemoryCeiling`); nil sets no ceiling.
    public var memoryCeilingMiB: Int?
    /// Whether this process was started again after a capture took the last one down (`RunSupervisor`): a run the
    /// last process left interrupted is carried on, with its start and counts, rather than begun anew.
    public var continuesInterruptedRun: Bool

    public init(retry: RetryPolicy? = nil, background: Bool = false, waitsForIndex: Bool = false,
                memoryCeilingMiB: Int? = nil, continuesInterruptedRun: Bool = false) {
        self.retry = retry
        self.background = background
        self.waitsForIndex = waitsForIndex
        self.memoryCeilingMiB = memoryCeilingMiB
        self.continuesInterruptedRun = continuesInterruptedRun
    }

    public static let oneOff = IndexingMode()
}
