import Synchronization

/// A database shared between tasks: one `Database` connection behind a lock, reached through closures
/// (`try queue.write { db in ... }`), so the connection never escapes and the queue itself is `Sendable`.
///
/// Calls block the calling thread while another closure holds the connection; keep closures short (a slice of
/// captures, not a whole library).
public final class DatabaseQueue: Sendable {
    /// The path the database was opened with.
    public let path: String
    private let connection: Mutex<Database?>
    /// Bumped after every `write` and `withConnection` closure (read closures do not write the database).
    private let writes = Atomic<UInt64>(0)

    /// Opens or creates the database at `path` (`:memory:` for a private in-memory database); `writeAheadLog` as
    /// for `Database`.
    public init(path: String, writeAheadLog: Bool = true) throws(DatabaseError) {
        self.path = path
        connection = Mutex(try Database(path: path, writeAheadLog: writeAheadLog))
    }

    /// Runs `body` in an immediate transaction: committed when it returns, rolled back when it throws.
    public func write<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try withConnection { db in try db.inTransaction(immediate: true, body) }
    }

    /// Runs `body` in a deferred transaction, so it sees one consistent snapshot of the database.
    public func read<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try locked { db in try db.inTransaction(immediate: false, body) }
    }

    /// Runs `body` outside any transaction (for statements that cannot run in one, and for its own transactions).
    public func withConnection<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try locked { db in
            // Counted even when `body` throws: a rolled-back write only makes a cached answer be computed again.
            defer { writes.add(1, ordering: .sequentiallyConsistent) }
            return try body(db)
        }
    }

    /// How many `write` and `withConnection` closures have run on this connection: with `PRAGMA data_version`
    /// (other connections' commits, which it sees and this count does not), what says that the database may have
    /// changed since an answer was computed. Read it inside a closure, where no write can run meanwhile.
    public var writeGeneration: UInt64 { writes.load(ordering: .sequentiallyConsistent) }

    private func locked<T: Sendable>(_ body: (Database) throws -> T) throws -> T {
        try connection.withLock { db in
            guard let db else { throw StoreError.closed(path: path) }
            return try body(db)
        }
    }

    /// Closes the connection; later calls throw `StoreError.closed`. Closing twice does nothing.
    public func close() {
        connection.withLock { db in db = nil }
    }
}
