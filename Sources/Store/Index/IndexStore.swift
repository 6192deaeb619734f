import Foundation
import Runner
import Synchronization

/// The searchable index: an SQLite file of everything derived from the captures (never their pixels).
///
/// Opening migrates the schema. The store is `Sendable` and can be shared by the runner (as its `CaptureLedger`),
/// the persist stage and the CLI; every call runs on one connection behind a lock. The CLI provides it to stage
/// factories through `StageEnvironment.provide(_:)`.
public final class IndexStore: Sendable {
    /// Where the index lives (`:memory:` for an in-memory index).
    public let path: String
    let queue: DatabaseQueue
    /// The stage families whose parts this store writes, exports and searches (see `attach(_:)`).
    let attachedFamilies = Mutex<[StoredFamily]>([])
    /// The last common-word searches' tallies, until the index changes (`SearchCache`).
    let searchCache = Mutex(SearchCache<StreamedTally>())
    /// The last text searches' answers (a page each), until the index changes.
    let answerCache = Mutex(SearchCache<SearchResults>(capacity: 32))
    /// `capture_facts` in memory for common words' searches, at one version of the index (`IndexStore+FactsMirror`).
    let factsMirror = Mutex(FactsMirrorSlot())

    /// Opens the index at `path`, creating it and its parent folders when missing (or when the file is empty), and
    /// applies pending migrations. `:memory:` opens a private in-memory index.
    ///
    /// A file that is not an index is refused before anything is written to it (`StoreError.notSQLite`,
    /// `.notAnIndex`, `.newerIndexVersion`); an index made before indexes carried their identity is stamped.
    /// See `IndexIdentity`.
    public init(path: String) throws {
        if path != ":memory:" {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    throw StoreError.cannotCreateFolder(path: folder, reason: error.localizedDescription)
                }
            }
        }
        self.path = path
        try IndexIdentity.checkHeader(path: path)
        queue = try DatabaseQueue(path: path, writeAheadLog: false)
        try Self.adopt(queue)
        try applyPlacesOption()
    }

    /// Makes the database on `queue` an index, or refuses it untouched: a new or earlier index is stamped (checked
    /// again in the stamping transaction, as another process may have got there first), then switched to WAL,
    /// migrated, and its schema version recorded.
    private static func adopt(_ queue: DatabaseQueue) throws {
        let migrator = IndexSchema.migrator
        let supported = migrator.migrations.count
        let path = queue.path
        let kind = try queue.read { db in try IndexIdentity.examine(db, path: path, supportedVersion: supported) }
        if kind == .empty || kind == .earlierIndex {
            try queue.write { db in
                let now = try IndexIdentity.examine(db, path: path, supportedVersion: supported)
                if now == .empty || now == .earlierIndex { try IndexIdentity.stampApplicationID(db) }
            }
        }
        try queue.withConnection { db in try db.enableWriteAheadLog() }
        try migrator.migrate(queue)
        // Deleted rows (a place once places are off, a capture removed) are zeroed, not left in free space.
        try queue.withConnection { db in try db.execute("PRAGMA secure_delete = ON") }
        // Search and facets read many rows: map the file and keep more pages (the default cache is 2 MB).
        try queue.withConnection { db in try db.executeScript("PRAGMA mmap_size = 268435456; PRAGMA cache_size = -32768; PRAGMA temp_store = MEMORY") }
        // Read first: an index that is up to date is only read, so opening it does not wait for a writer.
        if try queue.read({ db in try db.integer("PRAGMA user_version") }) != Int64(supported) {
            try queue.write { db in try IndexIdentity.stampVersion(supported, in: db) }
        }
    }

    /// Opens the index at `path` only if it exists (for commands that read it, such as `export` and `status`);
    /// throws `StoreError.notFound` rather than create an empty one.
    public static func openExisting(path: String) throws -> IndexStore {
        guard path == ":memory:" || FileManager.default.fileExists(atPath: path) else {
            throw StoreError.notFound(path: path)
        }
        return try IndexStore(path: path)
    }

    /// An in-memory index, gone when the store is released (for tests and dry runs).
    public static func inMemory() throws -> IndexStore { try IndexStore(path: ":memory:") }

    /// The default index path: `$XDG_DATA_HOME/pool-pipeline/index.sqlite`, else
    /// `~/.local/share/pool-pipeline/index.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return (data as NSString).appendingPathComponent("pool-pipeline/index.sqlite")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".local/share/pool-pipeline/index.sqlite")
    }

    /// Runs `body` in a write transaction on the index's connection (for stages that keep their own tables).
    public func write<T: Sendable>(_ body: (Database) throws -> T) throws -> T { try queue.write(body) }

    /// Runs `body` in a read transaction on the index's connection.
    public func read<T: Sendable>(_ body: (Database) throws -> T) throws -> T { try queue.read(body) }

    /// The number of indexed captures.
    public var captureCount: Int {
        get throws { try read { db in Int(try db.integer("SELECT count(*) FROM captures") ?? 0) } }
    }

    /// The number of captures that failed and are not indexed.
    public var failureCount: Int {
        get throws { try read { db in Int(try db.integer("SELECT count(*) FROM failures") ?? 0) } }
    }

    /// The captures indexed and the captures that failed at or after `date` (the counts of a run that started then).
    public func counts(since date: Date) throws -> (indexed: Int, failed: Int) {
        try read { db in
            let since: [DatabaseValue] = [.real(date.timeIntervalSince1970)]
            return (Int(try db.integer("SELECT count(*) FROM captures WHERE indexed_at >= ?", since) ?? 0),
                    Int(try db.integer("SELECT count(*) FROM failures WHERE failed_at >= ?", since) ?? 0))
        }
    }

    /// The migrations recorded in the index, in the order they were applied.
    public func appliedMigrations() throws -> [String] { try IndexSchema.migrator.appliedMigrations(queue) }

    /// Closes the connection; later calls throw `StoreError.closed`.
    public func close() {
        queue.close()
        forgetCachedSearches()
        forgetFactsMirror()
    }

    /// Forgets the tallies kept for repeated searches (their memory; a search computes them again). Any write
    /// already makes them unusable, so this is never needed for correct answers.
    public func forgetCachedSearches() {
        searchCache.withLock { $0.removeAll() }
        answerCache.withLock { $0.removeAll() }
    }
}
