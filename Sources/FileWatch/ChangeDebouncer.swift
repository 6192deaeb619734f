/// Decides when the changes reported under watched folders call for a pass: once they have settled, never while a
/// file is still being written, and as one pass for a burst. A pure state machine: it is told each change and
/// the time, and says when it is next worth asking (`deadline`) and whether a pass is due (`takePass`).
///
/// - A change starts (or extends) a burst; the pass is due `settle` after the burst's last change, or at the
///   latest `maxDelay` after its first one when changes keep coming.
/// - A file created or written to (`.writing`) holds the pass until it is closed, moved in or removed, or until it
///   has had no event for `writeTimeout` (a writer that keeps a file open and never closes it).
/// - An overflow makes the pass a full one and is due like any change.
public struct ChangeDebouncer<Instant: InstantProtocol>: Sendable where Instant.Duration == Duration {
    /// What a due pass is for.
    public struct Pass: Sendable, Equatable {
        /// Files that changed (complete, removed, or given up waiting for), sorted.
        public var paths: [String]
        /// Whether events were lost (the kernel's queue overflowed): only a full pass can tell what changed.
        public var overflowed: Bool

        public init(paths: [String], overflowed: Bool) {
            self.paths = paths
            self.overflowed = overflowed
        }
    }

    public var settle: Duration
    public var maxDelay: Duration
    public var writeTimeout: Duration

    private var changed: Set<String> = []
    /// Files being written, each with its last event.
    private var writing: [String: Instant] = [:]
    private var overflowed = false
    private var firstChange: Instant?
    private var lastChange: Instant?

    public init(settle: Duration = .milliseconds(500), maxDelay: Duration = .seconds(5),
                writeTimeout: Duration = .seconds(30)) {
        self.settle = settle
        self.maxDelay = maxDelay
        self.writeTimeout = writeTimeout
    }

    /// Whether any change waits for a pass.
    public var hasPending: Bool { overflowed || !changed.isEmpty || !writing.isEmpty }

    /// How many files wait for a pass (those being written included).
    public var pendingCount: Int { changed.union(writing.keys).count }

    /// Files still being written.
    public var filesBeingWritten: Int { writing.count }

    /// Whether the file at `path` is still being written (created or modified, not yet closed).
    public func isBeingWritten(_ path: String) -> Bool { writing[path] != nil }

    public mutating func record(_ change: FileChange, at now: Instant) {
        if firstChange == nil { firstChange = now }
        lastChange = now
        switch change.kind {
        case .writing:
            writing[change.path] = now
            changed.remove(change.path)
        case .complete, .removed:
            writing[change.path] = nil
            changed.insert(change.path)
        case .overflow:
            overflowed = true
        }
    }

    /// When a pass may next be due: nil with nothing pending. Ask `takePass` then (or after any change).
    public func deadline() -> Instant? {
        guard let firstChange, let lastChange, hasPending else { return nil }
        var due = min(lastChange.advanced(by: settle), firstChange.advanced(by: maxDelay))
        for last in writing.values { due = max(due, last.advanced(by: writeTimeout)) }
        return due
    }

    /// The pass due at `now`, if one is, forgetting the changes it covers; nil while changes are settling or a
    /// file is being written.
    public mutating func takePass(at now: Instant) -> Pass? {
        guard let due = deadline(), now >= due else { return nil }
        let pass = Pass(paths: changed.union(writing.keys).sorted(), overflowed: overflowed)
        reset()
        return pass
    }

    /// Forgets every change (a full pass began for another reason and covers them).
    public mutating func reset() {
        changed = []
        writing = [:]
        overflowed = false
        firstChange = nil
        lastChange = nil
    }
}
