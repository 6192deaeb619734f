import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// What makes an SQLite file a Pool pipeline index, and how a file is told apart before anything is written to it.
///
/// An index carries `PRAGMA application_id` = `applicationID` ("Pool") and `PRAGMA user_version` = the number of
/// its schema's migrations. Indexes made before the identity existed (application id 0, our `schema_migrations`
/// table with the initial migration) are adopted: stamped when opened. Anything else is refused, untouched: a
/// file that is not SQLite, another application's database, an index of a newer schema version.
public enum IndexIdentity {
    /// `PRAGMA application_id` of every index: the bytes "Pool".
    public static let applicationID: Int32 = 0x506F_6F6C

    /// What an SQLite database turned out to be.
    enum Kind: Equatable {
        /// An index with our application id, at this schema version.
        case index(version: Int)
        /// An index made before the identity existed: to be stamped.
        case earlierIndex
        /// No table and no application id: a new (or empty) file, to be made an index.
        case empty
    }

    /// The first 16 bytes of every SQLite database file.
    private static let header = Array("SQLite format 3\0".utf8)

    /// Throws `StoreError.notSQLite` for a file at `path` that has bytes but does not start with SQLite's header
    /// (a text file named `.sqlite`). A missing or empty file passes: SQLite makes it a new database.
    static func checkHeader(path: String) throws {
        guard path != ":memory:", !path.isEmpty else { return }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }          // missing, a folder, unreadable: SQLite says why
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: header.count)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return }                 // empty, or a folder: SQLite makes it or says why
        if count != header.count || bytes != header {
            throw StoreError.notSQLite(path: path)
        }
    }

    /// What the database on `db` is; throws `StoreError.notAnIndex` for another application's database and
    /// `StoreError.newerIndexVersion` for an index of a schema newer than `supportedVersion` (when given). Only
    /// reads.
    static func examine(_ db: Database, path: String, supportedVersion: Int?) throws -> Kind {
        let application: Int64
        do {
            application = try db.integer("PRAGMA application_id") ?? 0
        } catch let error as DatabaseError where error.code == SQLITE_NOTADB {
            throw StoreError.notSQLite(path: path)
        }
        if application == Int64(applicationID) {
            let version = Int(try db.integer("PRAGMA user_version") ?? 0)
            if let supportedVersion, version > supportedVersion {
                throw StoreError.newerIndexVersion(path: path, version: version, supported: supportedVersion)
            }
            return .index(version: version)
        }
        let tables = try db.query("""
            SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
            ORDER BY name
            """) { $0.string(0) ?? "" }
        guard application == 0 else {
            throw StoreError.notAnIndex(path: path, reason: "its application id is "
                                        + hex(application) + ", not Pool pipeline's " + hex(Int64(applicationID)))
        }
        if tables.isEmpty { return .empty }
        if try isEarlierIndex(db, tables: tables) { return .earlierIndex }
        let shown = tables.prefix(8).joined(separator: ", ") + (tables.count > 8 ? ", ..." : "")
        throw StoreError.notAnIndex(path: path, reason: "it has " + (tables.count == 1 ? "table " : "tables ") + shown)
    }

    /// Marks the database as an index (in the caller's write transaction).
    static func stampApplicationID(_ db: Database) throws {
        try db.execute("PRAGMA application_id = \(applicationID)")
    }

    /// Records the schema version (in the caller's write transaction).
    static func stampVersion(_ version: Int, in db: Database) throws {
        try db.execute("PRAGMA user_version = \(version)")
    }

    /// An index made before the identity: our migrations table, recording our first migration, and our tables.
    private static func isEarlierIndex(_ db: Database, tables: [String]) throws -> Bool {
        guard Set(tables).isSuperset(of: ["schema_migrations", "captures", "failures", "status", "settings"]) else {
            return false
        }
        let columns = try db.query("SELECT name FROM pragma_table_info('schema_migrations')") { $0.string(0) ?? "" }
        guard columns.contains("name") else { return false }
        let first = IndexSchema.migrator.migrations[0].name
        return try db.integer("SELECT count(*) FROM schema_migrations WHERE name = ?", [.text(first)]) ?? 0 > 0
    }

    private static func hex(_ value: Int64) -> String { "0x" + String(UInt32(truncatingIfNeeded: value), radix: 16) }
}
