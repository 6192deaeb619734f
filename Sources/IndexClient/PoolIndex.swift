import ControlSocket
import Foundation
import ModelInstall
import PoolPipeline
import Runner
import Store
import Synchronization

/// An index opened for another program: its status, indexing, search, grants and their batches, options, rebuild
/// and delete. The `pool-pipeline` commands `search`, `grants`, `options`, `batches`, `rebuild-index` and
/// `delete-index` are thin layers over it.
///
/// ```swift
/// let index = try PoolIndex(path: "/data/index.sqlite")
/// let grant = try index.addGrant(app: "viewer", sources: ["*"], evidence: true)
/// for try await batch in index.batches(grant: grant.id) { show(batch.items) }
/// let page = try index.search(SearchRequest(text: "espresso machine", facets: true))
/// ```
public final class PoolIndex: Sendable {
    /// The index file.
    public let path: String
    /// The grants and options beside it.
    public let settings: IndexSettingsFile
    let queryVectors: QueryVectors
    /// The run under way, if any.
    let runningWatcher = Mutex<IndexWatcher<ContinuousClock>?>(nil)

    /// Opens the index at `path`, creating it when missing. `models` is the CLIP model folder whose text half
    /// joins vector similarity with text search when it is installed (default: the standard models folder).
    public init(path: String, models: String? = nil) throws {
        self.path = path
        settings = IndexSettingsFile(indexPath: path)
        queryVectors = QueryVectors(modelFolder: models)
        _ = try open().close()
    }

    /// A connection to the index for one call (closed by the caller), with places kept out when the options say so.
    func open() throws -> IndexStore { try IndexStore(path: path) }

    // MARK: Status

    /// The status as the last (or running) indexer saved it, or live from a watcher (`run --watch`) serving the
    /// index's control socket (`waitingForGrant` when grants are in use, none covers a source and nothing runs),
    /// with the engine models' status, the count of captures that have an image vector and of failures, as
    /// `pool-pipeline status` shows them.
    public func status() throws -> PoolIndexStatus {
        let store = try open()
        defer { store.close() }
        let saved = try SavedStatus.load(from: store)
        var status = saved.status
        let watcher = tellWatcher("status")?.report
        if let live = watcher?.status {
            status.phase = live.phase
            status.detail = live.detail
            status.pauseReason = live.pauseReason
            if let liveLast = live.lastRun, liveLast.finishedAt > status.lastRun?.finishedAt ?? .distantPast {
                status.lastRun = liveLast
            }
        }
        let contents = try settings.load()
        if contents.grantsInUse, contents.grants.isEmpty, status.phase == .idle {
            status.phase = .waitingForGrant
            status.detail.waitingFor = "a grant (pool-pipeline grants add)"
        }
        return PoolIndexStatus(index: status, models: ModelsStatusFile(root: ModelsConfiguration.root(forIndex: path)).load(),
                               visuallyIndexedAssets: try store.visuallyIndexedCount, captures: try store.captureCount,
                               failures: try store.failureCount, runningPID: saved.runningPID, watcher: watcher)
    }

    /// The status now and at each change (a download's progress, vectors filled in, included), read every
    /// `interval` until the consumer stops iterating.
    public func statusUpdates(interval: Duration = .milliseconds(500)) -> AsyncThrowingStream<PoolIndexStatus, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                var last: PoolIndexStatus?
                do {
                    while !Task.isCancelled {
                        let now = try self.status()
                        if now != last { continuation.yield(now) }
                        last = now
                        try await Task.sleep(for: interval)
                    }
                    continuation.finish()
                } catch is CancellationError {
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    // MARK: Search

    /// Searches the index with the options beside it; hybrid with the query's CLIP text vector when the model is
    /// installed and the index holds its vectors.
    public func search(_ request: SearchRequest, now: Date = Date()) throws -> SearchResults {
        let store = try open()
        defer { store.close() }
        var request = request
        if request.vectorScores.isEmpty, !MatchQuery(request.text).isEmpty {
            request.vectorScores = try queryVectors.nearest(to: request.text, in: store)
        }
        return try store.search(request, options: try settings.load().options, now: now)
    }

    /// The things seen in at least `minimumCaptures` captures the options show (the same product, place or event),
    /// with them, most seen first, at most `limit` things (`pool-pipeline recurring`).
    public func recurringThings(minimumCaptures: Int = 2, limit: Int = 50, now: Date = Date()) throws -> [RecurringThing] {
        let store = try open()
        defer { store.close() }
        return try store.recurringThings(minimumCaptures: minimumCaptures, limit: limit,
                                         options: try settings.load().options, now: now)
    }

    // MARK: Grants

    /// Adds a grant covering `sources` (`["*"]` for all); with `evidence` its batches carry labels.
    @discardableResult
    public func addGrant(app: String, sources: [String], evidence: Bool) throws -> AccessGrant {
        guard !sources.isEmpty, !sources.contains(where: \.isEmpty) else { throw SettingsError.noSources }
        let grant = AccessGrant(app: app, sources: sources, evidence: evidence)
        try settings.update { contents in
            contents.grants.append(grant)
            contents.grantsInUse = true
        }
        return grant
    }

    /// The grants, oldest first.
    public func grants() throws -> [AccessGrant] { try settings.load().grants }

    /// Ends a grant: its batch streams end.
    public func revokeGrant(_ id: String) throws {
        try settings.update { contents in
            guard contents.grants.contains(where: { $0.id == id }) else { throw SettingsError.unknownGrant(id: id) }
            contents.grants.removeAll { $0.id == id }
        }
    }

    // MARK: Options

    /// The options.
    public func options() throws -> IndexOptions { try settings.load().options }

    /// Changes the options and applies them in place: places off deletes every coordinate, city and visit at
    /// once; focus, window and maximumAssets change what search and batches show from the next call on. Then a
    /// watcher running on this index (`run --watch`) is told, and starts its next pass at once (after the pass
    /// under way, if any; on resume when paused), reading what the new options include. Returns the watcher's
    /// answer, nil when no watcher runs (or it did not answer: the options are applied all the same).
    @discardableResult
    public func setOptions(_ options: IndexOptions) throws -> ControlAnswer? {
        try settings.update { $0.options = options }
        try applyPlaces(options.places)
        return tellWatcher(WatchControl.optionsChangedRequest)
    }

    /// Sends `request` to the watcher running on this index, if one listens; its answer, else nil.
    func tellWatcher(_ request: String) -> ControlAnswer? {
        guard let line = try? ControlClient.send(request, to: WatchControl.socketPath(for: path)) else { return nil }
        return try? WatchControl.decode(line)
    }

    func applyPlaces(_ places: Bool) throws {
        let store = try open()
        defer { store.close() }
        if !places {
            try store.removeLocationData()
        } else if try store.placesOff {
            try store.allowLocationData()
        }
    }

    // MARK: Rebuild and delete

    /// Empties what was derived from the captures (the next run reads everything again); keeps grants and options.
    public func rebuild() throws {
        let store = try open()           // refuses a file that is not an index before a lock file is made beside it
        defer { store.close() }
        let lock = try Self.lock(path)
        defer { lock.release() }
        try store.rebuild()
        unlink(CaptureJournal.path(forIndex: path))
    }

    /// Deletes the index and everything derived from the captures; keeps grants, options and downloaded models.
    /// While a grant covers a source, the next run indexes again from the sources.
    public func delete() throws { try Self.delete(at: path) }

    /// Deletes the index at `path` as `delete()` does, without opening it first (a file that is not an index is
    /// refused and left as it is, before a lock file is made beside it).
    public static func delete(at path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { return }
        try IndexStore.checkIsIndex(at: path)
        let lock = try Self.lock(path)
        unlink(CaptureJournal.path(forIndex: path))
        unlink(PauseFlag(indexPath: path).path)       // a watcher's pause belongs to the index it paused
        try IndexStore.deleteIndex(holding: lock)
    }

    static func lock(_ path: String) throws -> IndexLock {
        switch try IndexLock.acquire(index: path) {
        case .acquired(let lock): return lock
        case .heldBy(let holder): throw IndexerError.alreadyIndexing(pid: holder.pid, index: path)
        }
    }
}
