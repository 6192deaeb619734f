import Synchronization

/// Work a stage leaves for after a run, once every capture of the run is stored: a later pass over what earlier
/// runs left unfinished (captures still waiting for a name, say). Provided to factories through
/// `StageEnvironment` by whoever runs the pipeline (the `Indexer`), which calls `run()` after a run that completed;
/// a run that was stopped or failed leaves it for the next one. Work never fails the run: it notes its own
/// outcome where it keeps its results.
public final class AfterRunWork: Sendable {
    private let items = Mutex<[(name: String, work: @Sendable () async -> Void)]>([])

    public init() {}

    /// Adds `work`, named for messages (the stage id), to run after the run.
    public func add(_ name: String, _ work: @escaping @Sendable () async -> Void) {
        items.withLock { $0.append((name, work)) }
    }

    /// The names of the work added, in order.
    public var names: [String] { items.withLock { $0.map(\.name) } }

    /// Runs the work added, one after the other, in the order it was added; each runs once.
    public func run() async {
        let work = items.withLock { items in
            defer { items = [] }
            return items
        }
        for item in work { await item.work() }
    }
}
