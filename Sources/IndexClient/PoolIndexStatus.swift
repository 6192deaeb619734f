import ModelInstall
import PoolPipeline
import Runner

/// What `PoolIndex.status()` and `statusUpdates()` report: the indexer's status (phase, detail, last run, pause
/// reason: read through as `status.phase`, ...) with what `status --json` adds beside it: the engine models'
/// status (not installed, downloading with bytes and percent, verifying, installed with version, failed with
/// reason) and how many captures have an image vector, which climbs to `captures` once the models are installed.
@dynamicMemberLookup
public struct PoolIndexStatus: Sendable, Equatable {
    /// The indexer's status, as the runner saved it.
    public var index: IndexStatus
    /// Where the engine models stand (`<index dir>/models/status.json`, as `pool-pipeline models status` reads it).
    public var models: ModelsStatus
    /// Captures that have an image vector.
    public var visuallyIndexedAssets: Int
    /// Captures in the index.
    public var captures: Int
    /// Captures whose last attempt failed.
    public var failures: Int
    /// The process running indexing now (holding the index's lock), if any; -1 when its holder does not say.
    public var runningPID: Int32?
    /// The live state of a watcher (`run --watch`) serving the index's control socket, when one does; its phase,
    /// detail, pause reason and a newer last run are already read into `index`.
    public var watcher: WatchReport?

    public init(index: IndexStatus, models: ModelsStatus = .notInstalled, visuallyIndexedAssets: Int = 0,
                captures: Int = 0, failures: Int = 0, runningPID: Int32? = nil, watcher: WatchReport? = nil) {
        self.index = index
        self.models = models
        self.visuallyIndexedAssets = visuallyIndexedAssets
        self.captures = captures
        self.failures = failures
        self.runningPID = runningPID
        self.watcher = watcher
    }

    /// The indexer's fields (`phase`, `detail`, `lastRun`, `pauseReason`) read and written in place.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<IndexStatus, Value>) -> Value {
        get { index[keyPath: keyPath] }
        set { index[keyPath: keyPath] = newValue }
    }
}
