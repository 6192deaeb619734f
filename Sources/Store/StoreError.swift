/// Why the index store could not do what was asked, beyond an SQLite error (`DatabaseError`).
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// No index exists at the path (when opening one that must exist, for `export` or `status`).
    case notFound(path: String)
    /// The store was closed (or its index deleted); open it again.
    case closed(path: String)
    /// The index records migrations this version does not know: a newer version of Pool pipeline wrote it.
    case newerSchema(path: String, unknownMigrations: [String])
    /// The file at the index path has bytes but is not an SQLite database (a text file named `.sqlite`).
    case notSQLite(path: String)
    /// The file is an SQLite database but not an index (another application's, or tables of someone's own): it is
    /// left as it is. `reason` says what gave it away ("it has tables t").
    case notAnIndex(path: String, reason: String)
    /// The index's schema version is newer than this version of Pool pipeline knows.
    case newerIndexVersion(path: String, version: Int, supported: Int)
    /// The index's lock file (`<index>.lock`, what a run holds) could not be opened or locked.
    case cannotLock(path: String, reason: String)
    /// A folder for the index could not be created.
    case cannotCreateFolder(path: String, reason: String)
    /// The index files could not be deleted.
    case cannotDelete(path: String, reason: String)
    /// A row holds a value the store cannot read back (a damaged or hand-edited index).
    case corruptRow(table: String, column: String, id: String)
    /// No indexed capture has this id or path (`similar`).
    case unknownCapture(reference: String)
    /// Several indexed captures have this path, one per source; their ids tell them apart.
    case ambiguousCapture(reference: String, ids: [String])
    /// The capture is indexed without a fingerprint (the pipeline has no fingerprint stage).
    case noFingerprint(id: String)

    public var description: String {
        switch self {
        case .notFound(let path): "no index at \(path) (run the pipeline first, or pass --index)"
        case .closed(let path): "the index at \(path) is closed"
        case .newerSchema(let path, let names):
            "the index at \(path) was written by a newer version of Pool pipeline (unknown migrations: "
                + names.joined(separator: ", ") + "); update Pool pipeline or rebuild the index"
        case .notSQLite(let path):
            "\(path) is not a Pool pipeline index: it is not an SQLite database (it does not start with SQLite's "
                + "header); it was left as it is; pass --index with another path"
        case .notAnIndex(let path, let reason):
            "\(path) is an SQLite database but not a Pool pipeline index (\(reason)); it was left as it is; pass "
                + "--index with another path"
        case .newerIndexVersion(let path, let version, let supported):
            "the index at \(path) has schema version \(version), newer than this version of Pool pipeline knows "
                + "(\(supported)); update Pool pipeline"
        case .cannotLock(let path, let reason): "cannot lock the index's lock file \(path): \(reason)"
        case .cannotCreateFolder(let path, let reason): "cannot create the folder \(path) for the index: \(reason)"
        case .cannotDelete(let path, let reason): "cannot delete the index file \(path): \(reason)"
        case .corruptRow(let table, let column, let id):
            "the index row \(id) in \(table) has an unreadable \(column)"
        case .unknownCapture(let reference):
            "no indexed capture has the id or path \"\(reference)\" (give its id or path as export shows it, or the "
                + "path of an indexed file)"
        case .ambiguousCapture(let reference, let ids):
            "\"\(reference)\" is the path of \(ids.count) indexed captures; give one of their ids: "
                + ids.joined(separator: ", ")
        case .noFingerprint(let id):
            "the capture \(id) has no fingerprint (index it with a pipeline that has a fingerprint.phash stage)"
        }
    }
}
