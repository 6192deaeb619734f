/// The tables search, grants' batches and index options need beyond the initial schema (migration
/// `2026-12-01-search-fields-holds-feed`).
///
/// ```
/// search_fields      one row per (capture, field): text a stage family declares searchable (links, leads, things)
/// search_fields_fts  FTS5 over search_fields.body (external content, kept in step by triggers)
/// capture_holds      captures held back (sensitive): never shown by search or batches
/// capture_feed       a sequence number per capture, renewed each time it is (re)indexed: what batches stream
/// captures_by_date   for the window and maximumAssets options and browsing by date
/// ```
///
/// Removing a capture removes its fields and its place in the feed (trigger `captures_forget_search`). The feed's
/// triggers delete and insert rather than `INSERT OR REPLACE`: the writer's upsert would override that conflict
/// policy inside the trigger and fail on the unique id.
extension IndexSchema {
    static func addSearchTables(_ db: Database) throws {
        try db.executeScript("""
            CREATE TABLE search_fields (
                id INTEGER PRIMARY KEY,
                capture_id TEXT NOT NULL,
                field TEXT NOT NULL,
                body TEXT NOT NULL,
                UNIQUE (capture_id, field)
            ) STRICT;
            CREATE VIRTUAL TABLE search_fields_fts USING fts5 (
                body, content = 'search_fields', content_rowid = 'id',
                tokenize = 'unicode61 remove_diacritics 2'
            );
            CREATE TRIGGER search_fields_added AFTER INSERT ON search_fields BEGIN
                INSERT INTO search_fields_fts (rowid, body) VALUES (new.id, new.body);
            END;
            CREATE TRIGGER search_fields_removed AFTER DELETE ON search_fields BEGIN
                INSERT INTO search_fields_fts (search_fields_fts, rowid, body) VALUES ('delete', old.id, old.body);
            END;
            CREATE TRIGGER search_fields_changed AFTER UPDATE ON search_fields BEGIN
                INSERT INTO search_fields_fts (search_fields_fts, rowid, body) VALUES ('delete', old.id, old.body);
                INSERT INTO search_fields_fts (rowid, body) VALUES (new.id, new.body);
            END;

            CREATE TABLE capture_holds (
                capture_id TEXT PRIMARY KEY NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
                reason TEXT NOT NULL
            ) STRICT;

            CREATE TABLE capture_feed (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                capture_id TEXT NOT NULL UNIQUE
            );
            INSERT INTO capture_feed (capture_id) SELECT id FROM captures ORDER BY indexed_at, rowid;
            CREATE TRIGGER captures_feed_added AFTER INSERT ON captures BEGIN
                DELETE FROM capture_feed WHERE capture_id = new.id;
                INSERT INTO capture_feed (capture_id) VALUES (new.id);
            END;
            CREATE TRIGGER captures_feed_renewed AFTER UPDATE OF indexed_at ON captures BEGIN
                DELETE FROM capture_feed WHERE capture_id = new.id;
                INSERT INTO capture_feed (capture_id) VALUES (new.id);
            END;
            CREATE TRIGGER captures_forget_search AFTER DELETE ON captures BEGIN
                DELETE FROM search_fields WHERE capture_id = old.id;
                DELETE FROM capture_feed WHERE capture_id = old.id;
            END;

            CREATE INDEX captures_by_date ON captures (date);
            """)
    }
}
