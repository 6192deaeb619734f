import Foundation
import Testing
@testable import Store

@Suite("Search tally")
struct SearchTallyTests {
    @Test("Months are SQLite's strftime('%Y-%m', date, 'unixepoch'), at midnights, milliseconds and far dates")
    func monthsAsSQLite() throws {
        let store = try IndexStore.inMemory()
        var dates: [Double] = [0, -0.0004, -0.0005, -0.0006, 86_399.9994, 86_399.9995, 1_700_000_000.25, -1e9,
                               -62_167_219_200, -62_167_219_200.5, 253_402_300_799, 253_402_300_799.9996,
                               253_402_300_800, -1e18, 1e18, 951_782_400, 951_868_799.9999, 4_107_542_400]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 { dates.append(Double.random(in: -62_200_000_000...253_500_000_000, using: &random)) }
        for day in stride(from: -800_000.0, to: 3_000_000, by: 997) { dates.append(day * 86_400 - 0.0005) }
        for date in dates {
            let sqlite: String? = try store.read { db in
                try db.first("SELECT strftime('%Y-%m', ?, 'unixepoch')", [.real(date)]) { $0.string(0) } ?? nil
            }
            guard let month = SearchTally.month(unixSeconds: date) else {
                // Left to SQLite: only before year 1 or with no date at all.
                #expect(sqlite == nil || sqlite?.hasPrefix("-") == true || sqlite?.hasPrefix("0000") == true,
                        "\(date): \(String(describing: sqlite))")
                continue
            }
            #expect(SearchTally.monthName(month) == sqlite, "\(date)")
        }
    }

    @Test("The best kept are the first of a full sort by phrase, fused score, date and id in byte order")
    func bestAsASort() {
        var random = SystemRandomNumberGenerator()
        var keys: [SearchTally.Key] = []
        for capture in 0..<3_000 {
            keys.append(SearchTally.Key(phrase: Int64.random(in: 0...1, using: &random),
                                        fused: Double(Int.random(in: 0...20, using: &random)),
                                        date: Double(Int.random(in: 0...5, using: &random)),
                                        id: ["a", "B", "é", "e\u{301}", "ab", "Z9"].randomElement(using: &random)!
                                            + String(capture), capture: Int64(capture)))
        }
        let sorted = keys.sorted { $0.before($1) }
        for keep in [0, 1, 20, 137] {
            var tally = SearchTally(keep: keep)
            for key in keys where tally.mayKeep(phrase: key.phrase, fused: key.fused, date: key.date) {
                tally.offer(key)
            }
            #expect(tally.best.map(\.capture) == sorted.prefix(keep).map(\.capture), "keep \(keep)")
        }
    }
}
