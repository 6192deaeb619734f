import Foundation

/// Deleting every piece of location data at once, when the `places` option is turned off.
extension IndexStore {
    /// Where the index keeps location data: a table and the columns to clear, or nil columns to delete its rows.
    /// Every table that holds a coordinate, a city or a visit is listed here (tables another family has not
    /// made yet are skipped).
    public static let locationTables: [(table: String, columns: [String]?)] = [
        ("places", nil),      // coordinates, city, region, country; visits are views over it
    ]

    /// Deletes every coordinate, city and visit, with `secure_delete` on so the freed bytes are zeroed, then
    /// vacuums and truncates the write-ahead log so no copy is left in the file's free pages or beside it. From
    /// then on (the setting `places` = `off` in the index) a capture written with coordinates has them removed in
    /// the same transaction.
    public func removeLocationData() throws {
        try queue.withConnection { db in
            try db.execute("PRAGMA secure_delete = ON")
            try db.inTransaction(immediate: true) { db in
                for (table, columns) in Self.locationTables {
                    let exists = try db.integer("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?",
                                                [.text(table)]) ?? 0
                    guard exists > 0 else { continue }
                    if let columns {
                        let set = columns.map { "\($0) = NULL" }.joined(separator: ", ")
                        let any = columns.map { "\($0) IS NOT NULL" }.joined(separator: " OR ")
                        try db.execute("UPDATE \(table) SET \(set) WHERE \(any)")
                    } else {
                        try db.execute("DELETE FROM \(table)")
                    }
                }
                try db.execute("""
                    INSERT INTO settings (key, value) VALUES ('places', 'off')
                    ON CONFLICT (key) DO UPDATE SET value = 'off'
                    """)
                try Self.installPlacesOffTrigger(in: db)
            }
            try db.execute("VACUUM")
            _ = try db.integer("PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }

    /// Lets places be kept again (captures indexed from now on keep their coordinates).
    public func allowLocationData() throws {
        try write { db in
            try db.execute("DELETE FROM settings WHERE key = 'places'")
            try db.execute("DROP TRIGGER IF EXISTS places_off_insert")
        }
    }

    /// Whether location data is being kept out of the index.
    public var placesOff: Bool {
        get throws { try setting("places") == "off" }
    }

    private static func installPlacesOffTrigger(in db: Database) throws {
        try db.execute("""
            CREATE TRIGGER IF NOT EXISTS places_off_insert BEFORE INSERT ON places BEGIN
                SELECT RAISE(IGNORE);
            END
            """)
    }
}

extension IndexStore {
    /// Keeps places out of a newly made or reopened index when the options beside it say `places` off (after
    /// `delete-index`, the new index starts without the trigger that keeps coordinates out).
    func applyPlacesOption() throws {
        guard path != ":memory:", FileManager.default.fileExists(atPath: IndexSettingsFile(indexPath: path).path),
              try IndexSettingsFile(indexPath: path).load().options.places == false, try !placesOff else { return }
        try removeLocationData()
    }
}
