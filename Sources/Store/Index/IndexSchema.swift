/// The index's schema, as the named migrations that build it. A later change is a new migration appended here,
/// never an edit of one that has shipped.
///
/// ```
/// captures ─┬─< codes     (capture_id, ON DELETE CASCADE)
///           ├─< labels    (capture_id, ON DELETE CASCADE)
///           └─< vectors   (capture_id, ON DELETE CASCADE)
/// captures.moment  the moment (burst) a capture belongs to, with its representative flag
/// captures_search  FTS5 over text, labels and path (rowid = captures.rowid)
/// failures         captures that failed, with the stage and reason
/// status           one row: the runner's status JSON and its pid
/// settings         key/value options that survive a rebuild
/// ```
///
/// Only derived data: text, labels, fingerprints, vectors. No table has a column for image bytes; the only BLOBs
/// are a code's payload and a vector's Float32 values.
public enum IndexSchema {
    /// Every migration, in order.
    public static var migrator: DatabaseMigrator {
        DatabaseMigrator([
            Migration("2026-11-30-initial-schema", apply: createInitialSchema),
            Migration("2026-11-30-moments", apply: addMoments),
            Migration("2026-12-01-moment-representatives", apply: indexMomentRepresentatives),
            Migration("2026-12-01-facts-moments-capture-time", apply: regroupMomentsByCaptureTime),
            Migration("2026-12-01-places", apply: createPlaces),
            Migration("2026-12-01-search-fields-holds-feed", apply: addSearchTables),
            Migration("2026-12-01-search-capture-facts", apply: addCaptureFacts),
            Migration("2026-12-02-search-facts-size", apply: addFactsSizes),
            Migration("2026-12-02-mirror-facts-log", apply: addFactsLog),
        ])
    }

    /// Tables emptied by a rebuild (children first), everything derived from the captures.
    static let derivedTables = ["codes", "labels", "vectors", "captures_search", "captures", "failures"]

    private static func createInitialSchema(_ db: Database) throws {
        try db.executeScript("""
            CREATE TABLE captures (
                id TEXT PRIMARY KEY NOT NULL,
                source TEXT NOT NULL,
                path TEXT NOT NULL,
                signature TEXT NOT NULL,
                date REAL NOT NULL,
                date_source TEXT NOT NULL,
                lat REAL,
                lon REAL,
                city TEXT,
                width INTEGER NOT NULL,
                height INTEGER NOT NULL,
                kind TEXT NOT NULL,
                format TEXT NOT NULL,
                text TEXT,
                fingerprint INTEGER,
                sharpness REAL,
                out_of_focus INTEGER,
                indexed_at REAL NOT NULL
            ) STRICT;
            CREATE INDEX captures_by_source ON captures (source);
            CREATE INDEX captures_by_path ON captures (path);
            CREATE INDEX captures_by_source_date ON captures (source, date);

            CREATE TABLE codes (
                capture_id TEXT NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
                ordinal INTEGER NOT NULL,
                format TEXT NOT NULL,
                payload BLOB NOT NULL,
                text TEXT,
                box_x REAL NOT NULL,
                box_y REAL NOT NULL,
                box_width REAL NOT NULL,
                box_height REAL NOT NULL,
                PRIMARY KEY (capture_id, ordinal)
            ) STRICT;

            CREATE TABLE labels (
                capture_id TEXT NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                confidence REAL NOT NULL,
                PRIMARY KEY (capture_id, name)
            ) STRICT;
            CREATE INDEX labels_by_name ON labels (name);

            CREATE TABLE vectors (
                capture_id TEXT NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
                model TEXT NOT NULL,
                dim INTEGER NOT NULL,
                data BLOB NOT NULL,
                PRIMARY KEY (capture_id, model)
            ) STRICT;

            CREATE TABLE failures (
                capture_id TEXT PRIMARY KEY NOT NULL,
                source TEXT NOT NULL,
                path TEXT,
                signature TEXT NOT NULL,
                stage TEXT NOT NULL,
                reason TEXT NOT NULL,
                failed_at REAL NOT NULL
            ) STRICT;
            CREATE INDEX failures_by_source ON failures (source);

            CREATE TABLE status (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                json TEXT NOT NULL,
                pid INTEGER,
                updated_at REAL NOT NULL
            ) STRICT;

            CREATE TABLE settings (
                key TEXT PRIMARY KEY NOT NULL,
                value TEXT NOT NULL
            ) STRICT;

            CREATE VIRTUAL TABLE captures_search USING fts5 (
                text, labels, path, tokenize = 'unicode61 remove_diacritics 2'
            );
            """)
    }

    /// An index of each moment's representative, so joining a shot to a moment finds the representative without
    /// reading the moment's other members.
    private static func indexMomentRepresentatives(_ db: Database) throws {
        try db.executeScript("""
            CREATE INDEX captures_moment_representative ON captures (moment) WHERE moment_representative = 1;
            """)
    }

    /// Moments: `captures.moment` (the moment's id, null for a capture alone or without a fingerprint) and
    /// `captures.moment_representative` (1 for the capture that shows its moment and for every capture alone).
    /// Captures indexed before this migration are grouped here, in the migration's transaction.
    private static func addMoments(_ db: Database) throws {
        try db.executeScript("""
            ALTER TABLE captures ADD COLUMN moment TEXT;
            ALTER TABLE captures ADD COLUMN moment_representative INTEGER NOT NULL DEFAULT 1
                CHECK (moment_representative IN (0, 1));
            CREATE INDEX captures_by_moment ON captures (moment);
            """)
        try IndexStore.groupAllMoments(in: db)
    }

    /// Moments join only captures whose dates are their own (issue 11): moments an older index built from two
    /// file times, or from screenshots of one app's layout, are regrouped under the rules of today.
    private static func regroupMomentsByCaptureTime(_ db: Database) throws {
        try IndexStore.groupAllMoments(in: db)
    }
}
