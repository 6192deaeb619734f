import Captures
import Foundation

/// Writing a capture's place: its coordinates and the names the places stage found, in `places`
/// (`IndexSchema+Places`).
extension IndexStore {
    /// Replaces the capture's row in `places`: none without coordinates. When the record has no place (no places
    /// stage in this pipeline) and the coordinates did not move, the names found before are kept.
    static func writePlace(of record: CaptureRecord, in db: Database) throws {
        let id = record.file.id.rawValue
        guard let point = record.metadata.location else {
            try db.execute("DELETE FROM places WHERE capture_id = ?", [.text(id)])
            return
        }
        if let place = record.place {
            try db.execute("""
                INSERT INTO places (capture_id, lat, lon, city, region, country, country_code, place_key, distance_km)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (capture_id) DO UPDATE SET
                    lat = excluded.lat, lon = excluded.lon, city = excluded.city, region = excluded.region,
                    country = excluded.country, country_code = excluded.country_code,
                    place_key = excluded.place_key, distance_km = excluded.distance_km
                """, [.text(id), .real(point.latitude), .real(point.longitude), DatabaseValue(place.city),
                      DatabaseValue(place.region), DatabaseValue(place.country), DatabaseValue(place.countryCode),
                      DatabaseValue(place.key), DatabaseValue(place.kilometres)])
        } else {
            try db.execute("""
                INSERT INTO places (capture_id, lat, lon) VALUES (?, ?, ?)
                ON CONFLICT (capture_id) DO UPDATE SET
                    city = CASE WHEN lat IS excluded.lat AND lon IS excluded.lon THEN city END,
                    region = CASE WHEN lat IS excluded.lat AND lon IS excluded.lon THEN region END,
                    country = CASE WHEN lat IS excluded.lat AND lon IS excluded.lon THEN country END,
                    country_code = CASE WHEN lat IS excluded.lat AND lon IS excluded.lon THEN country_code END,
                    place_key = CASE WHEN lat IS excluded.lat AND lon IS excluded.lon THEN place_key END,
                    distance_km = CASE WHEN lat IS excluded.lat AND lon IS excluded.lon THEN distance_km END,
                    lat = excluded.lat, lon = excluded.lon
                """, [.text(id), .real(point.latitude), .real(point.longitude)])
        }
    }
}
