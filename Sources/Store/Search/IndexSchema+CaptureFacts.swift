/// The narrow per-capture facts search judges and counts by (migration `2026-12-01-search-capture-facts`).
///
/// ```
/// capture_facts   capture (= captures.rowid = captures_search.rowid), id, moment, moment_representative,
///                 out_of_focus, held, source, kind, date, city, has_code, labels (names joined by U+001F)
/// ```
///
/// A common word matches tens of thousands of captures; judging each (visibility, filters) and counting the
/// facets from the wide `captures` rows, a `capture_holds` probe, a `places` and a `codes` lookup and the labels'
/// key cost more than ranking them. This table holds one short row per capture with exactly those facts, keyed by
/// the search rowid, and is kept by triggers on `captures`, `capture_holds`, `places`, `codes` and `labels`, so
/// no writer has to know it. Places off deletes `places` rows, whose trigger clears the city here too.
extension IndexSchema {
    /// The separator between label names in `capture_facts.labels` (a control character no label name holds).
    static let factsLabelSeparator: Character = "\u{1F}"

    /// A capture's labels joined, by the capture id expression `%@`.
    private static let factsLabels = "(SELECT group_concat(name, char(31)) FROM labels WHERE capture_id = %@)"

    /// The held, city, has-code and labels facts of the capture whose id is the expression `id`.
    private static func childFacts(_ id: String) -> String {
        """
        EXISTS (SELECT 1 FROM capture_holds WHERE capture_id = \(id)),
        (SELECT city FROM places WHERE capture_id = \(id)),
        EXISTS (SELECT 1 FROM codes WHERE capture_id = \(id)),
        \(factsLabels.replacingOccurrences(of: "%@", with: id))
        """
    }

    /// Fills `capture_facts` from the captures already in the index (the migration, and a test).
    static func addCaptureFactsRows(_ db: Database) throws {
        try db.execute("""
            INSERT INTO capture_facts (capture, id, moment, moment_representative, out_of_focus, source, kind, date,
                                       held, city, has_code, labels)
                SELECT c.rowid, c.id, c.moment, c.moment_representative, c.out_of_focus, c.source, c.kind, c.date,
                       \(childFacts("c.id"))
                FROM captures AS c
            """)
    }

    static func addCaptureFacts(_ db: Database) throws {
        let labels = factsLabels
        func facts(_ id: String) -> String { childFacts(id) }
        try db.executeScript("""
            CREATE TABLE capture_facts (
                capture INTEGER PRIMARY KEY,
                id TEXT NOT NULL UNIQUE,
                moment TEXT,
                moment_representative INTEGER NOT NULL,
                out_of_focus INTEGER,
                held INTEGER NOT NULL,
                source TEXT NOT NULL,
                kind TEXT NOT NULL,
                date REAL NOT NULL,
                city TEXT,
                has_code INTEGER NOT NULL,
                labels TEXT
            ) STRICT;
            CREATE INDEX capture_facts_representatives ON capture_facts (moment) WHERE moment_representative = 1;
            CREATE TRIGGER capture_facts_added AFTER INSERT ON captures BEGIN
                INSERT INTO capture_facts (capture, id, moment, moment_representative, out_of_focus, source, kind,
                                           date, held, city, has_code, labels)
                VALUES (new.rowid, new.id, new.moment, new.moment_representative, new.out_of_focus, new.source,
                        new.kind, new.date, \(facts("new.id")));
            END;
            CREATE TRIGGER capture_facts_changed AFTER UPDATE ON captures BEGIN
                UPDATE capture_facts SET capture = new.rowid, id = new.id, moment = new.moment,
                    moment_representative = new.moment_representative, out_of_focus = new.out_of_focus,
                    source = new.source, kind = new.kind, date = new.date
                WHERE capture = old.rowid;
            END;
            CREATE TRIGGER capture_facts_removed AFTER DELETE ON captures BEGIN
                DELETE FROM capture_facts WHERE capture = old.rowid;
            END;

            CREATE TRIGGER capture_facts_held AFTER INSERT ON capture_holds BEGIN
                UPDATE capture_facts SET held = 1 WHERE id = new.capture_id;
            END;
            CREATE TRIGGER capture_facts_released AFTER DELETE ON capture_holds BEGIN
                UPDATE capture_facts SET held = EXISTS (SELECT 1 FROM capture_holds WHERE capture_id = old.capture_id)
                WHERE id = old.capture_id;
            END;
            CREATE TRIGGER capture_facts_hold_moved AFTER UPDATE OF capture_id ON capture_holds BEGIN
                UPDATE capture_facts SET held = EXISTS (SELECT 1 FROM capture_holds WHERE capture_id = id)
                WHERE id IN (old.capture_id, new.capture_id);
            END;

            CREATE TRIGGER capture_facts_place_added AFTER INSERT ON places BEGIN
                UPDATE capture_facts SET city = new.city WHERE id = new.capture_id;
            END;
            CREATE TRIGGER capture_facts_place_changed AFTER UPDATE ON places BEGIN
                UPDATE capture_facts SET city = NULL WHERE id = old.capture_id;
                UPDATE capture_facts SET city = new.city WHERE id = new.capture_id;
            END;
            CREATE TRIGGER capture_facts_place_removed AFTER DELETE ON places BEGIN
                UPDATE capture_facts SET city = NULL WHERE id = old.capture_id;
            END;

            CREATE TRIGGER capture_facts_code_added AFTER INSERT ON codes BEGIN
                UPDATE capture_facts SET has_code = 1 WHERE id = new.capture_id AND has_code = 0;
            END;
            CREATE TRIGGER capture_facts_code_removed AFTER DELETE ON codes BEGIN
                UPDATE capture_facts SET has_code = EXISTS (SELECT 1 FROM codes WHERE capture_id = old.capture_id)
                WHERE id = old.capture_id;
            END;

            CREATE TRIGGER capture_facts_label_added AFTER INSERT ON labels BEGIN
                UPDATE capture_facts SET labels = \(labels.replacingOccurrences(of: "%@", with: "new.capture_id"))
                WHERE id = new.capture_id;
            END;
            CREATE TRIGGER capture_facts_label_changed AFTER UPDATE OF capture_id, name ON labels BEGIN
                UPDATE capture_facts SET labels = \(labels.replacingOccurrences(of: "%@", with: "old.capture_id"))
                WHERE id = old.capture_id;
                UPDATE capture_facts SET labels = \(labels.replacingOccurrences(of: "%@", with: "new.capture_id"))
                WHERE id = new.capture_id;
            END;
            CREATE TRIGGER capture_facts_label_removed AFTER DELETE ON labels BEGIN
                UPDATE capture_facts SET labels = \(labels.replacingOccurrences(of: "%@", with: "old.capture_id"))
                WHERE id = old.capture_id;
            END;
            """)
        try addCaptureFactsRows(db)
    }
}
