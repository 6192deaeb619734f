/// Places (issue 11): every fact about where a capture was taken lives in `places`, one row per capture with
/// coordinates, and the views computed from it, so forgetting all location data is one statement
/// (`DELETE FROM places`).
///
/// ```
/// places         capture_id (→ captures, ON DELETE CASCADE), lat, lon, city, region, country, country_code,
///                place_key, distance_km
/// visit_members  view: each capture with a place, and its visit (the id of the visit's first capture)
/// visits         view: id, place_key, city, region, country, first, last, captures (count)
/// ```
///
/// A visit is a run of captures at one place in time order with no pause longer than `visitGapSeconds` and no
/// capture at another place in between (`VisitGrouper` in the Places library is the same rule in Swift; a test
/// holds the two equal). The views compute visits when read, so writing or forgetting a capture never leaves a
/// visit stale.
extension IndexSchema {
    /// The longest pause within one visit (3 hours, `VisitGrouper.defaultMaxGap`).
    static let visitGapSeconds = 3 * 3600

    /// Moves the coordinates from `captures` into `places` (with the city column, empty until the places stage
    /// names it) and adds the visit views.
    static func createPlaces(_ db: Database) throws {
        try db.executeScript("""
            CREATE TABLE places (
                capture_id TEXT PRIMARY KEY NOT NULL REFERENCES captures (id) ON DELETE CASCADE,
                lat REAL NOT NULL,
                lon REAL NOT NULL,
                city TEXT,
                region TEXT,
                country TEXT,
                country_code TEXT,
                place_key TEXT,
                distance_km REAL
            ) STRICT;
            CREATE INDEX places_by_key ON places (place_key);
            INSERT INTO places (capture_id, lat, lon, city)
                SELECT id, lat, lon, city FROM captures WHERE lat IS NOT NULL AND lon IS NOT NULL;
            ALTER TABLE captures DROP COLUMN lat;
            ALTER TABLE captures DROP COLUMN lon;
            ALTER TABLE captures DROP COLUMN city;

            CREATE VIEW visit_members AS
            WITH ordered AS (
                SELECT places.capture_id, captures.date, places.place_key,
                       lag(places.place_key) OVER timeline AS previous_key,
                       lag(captures.date) OVER timeline AS previous_date
                FROM places JOIN captures ON captures.id = places.capture_id
                WHERE places.place_key IS NOT NULL
                WINDOW timeline AS (ORDER BY captures.date, places.capture_id)
            ), numbered AS (
                SELECT capture_id, date, place_key,
                       sum(CASE WHEN previous_key IS place_key AND date - previous_date <= \(visitGapSeconds)
                                THEN 0 ELSE 1 END)
                           OVER (ORDER BY date, capture_id ROWS UNBOUNDED PRECEDING) AS visit_number
                FROM ordered
            )
            SELECT capture_id, date, place_key,
                   first_value(capture_id) OVER (PARTITION BY visit_number ORDER BY date, capture_id) AS visit
            FROM numbered;

            CREATE VIEW visits AS
            SELECT members.visit AS id, members.place_key, places.city, places.region, places.country,
                   members.first, members.last, members.captures
            FROM (SELECT visit, place_key, min(date) AS first, max(date) AS last, count(*) AS captures
                  FROM visit_members GROUP BY visit) AS members
            JOIN places ON places.capture_id = members.visit;
            """)
    }
}
