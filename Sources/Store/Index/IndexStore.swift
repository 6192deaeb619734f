import Foundation
import Runner

/// The searchable index: an SQLite file of everything derived from the captures (never their pixels).
///
/// Opening migrates the schema. The store is `Sendable` and can be shared by the runner (as its `CaptureLedger`),
/// the persist stage and the CLI; every call runs on one connection behind a lock. The CLI provides it to stage
/// factories through `StageEnvironment.provide(_:)`.
public final class IndexStore: Sendable {
    /// Where the index lives (`:memory:` for an in-memory index).
    public let path: String
    let queue: DatabaseQueue

    /// Opens the index at `path`, creating it and its parent folders when missing, and applies pending migrations.
    /// `:memory:` opens a private in-memory index.
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
        queue = try DatabaseQueue(path: path)
        try IndexSchema.migrator.migrate(queue)
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

    /// The migrations recorded in the index, in the order they were applied.
    public func appliedMigrations() throws -> [String] { try IndexSchema.migrator.appliedMigrations(queue) }

    /// Closes the connection; later calls throw `StoreError.closed`.
    public func close() { queue.close() }
}
