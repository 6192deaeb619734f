/// One pass over a search's results in Swift: the built-in facet counts and the best results for a page, so
/// neither needs SQLite to sort or format every result (a common word matches tens of thousands of captures).
/// Pure, no database; `IndexStore+RankedSearch` feeds it rows of `temp.search_hits`.
struct SearchTally {
    /// A result's place in the ranking: the exact phrase first, then `fused` (higher first), then the newest, then
    /// the id in SQLite's byte order. The same order as the page query's `ORDER BY`.
    struct Key {
        var phrase: Int64
        var fused: Double
        var date: Double
        var id: String
        var capture: Int64

        /// Whether `self` comes before `other` on the phrase, fused score and date alone (ties: false).
        func before(phrase: Int64, fused: Double, date: Double) -> Bool? {
            if self.phrase != phrase { return self.phrase > phrase }
            if self.fused != fused { return self.fused > fused }
            if self.date != date { return self.date > date }
            return nil
        }

        func before(_ other: Key) -> Bool {
            before(phrase: other.phrase, fused: other.fused, date: other.date)
                ?? id.utf8.lexicographicallyPrecedes(other.id.utf8)
        }
    }

    /// How many of the best results are kept (the page's offset plus its limit).
    private(set) var keep: Int
    /// The best results so far, best first.
    private(set) var best: [Key] = []
    private(set) var total = 0
    /// Facet values by number (`ByteInterner`), and how many results have each.
    private var sourceNames = ByteInterner(), kindNames = ByteInterner(), cityNames = ByteInterner()
    private var labelNames = ByteInterner()
    private var sources: [Int] = [], kinds: [Int] = [], cities: [Int] = [], labels: [Int] = []
    var months: [Int: Int] = [:]
    /// Dates whose month `month(unixSeconds:)` leaves to SQLite, with their counts.
    var otherDates: [Double: Int] = [:]
    var codes: [Bool: Int] = [:]

    init(keep: Int) {
        self.keep = max(0, keep)
        best.reserveCapacity(min(self.keep, 1_024))
    }

    /// This tally's total and facet counts, keeping the best `keep` of the results offered from now on (none yet):
    /// a cached tally of the matches, ready for another page.
    func counts(keeping keep: Int) -> SearchTally {
        var copy = self
        copy.keep = max(0, keep)
        copy.best = []
        copy.best.reserveCapacity(min(copy.keep, 1_024))
        return copy
    }

    /// Whether a result with these leading fields could enter the best (when not, its id need not be read).
    func mayKeep(phrase: Int64, fused: Double, date: Double) -> Bool {
        guard keep > 0 else { return false }
        guard best.count == keep else { return true }
        return best[best.count - 1].before(phrase: phrase, fused: fused, date: date) != true
    }

    /// Offers a result for the best.
    mutating func offer(_ key: Key) {
        guard keep > 0 else { return }
        if best.count == keep {
            guard key.before(best[best.count - 1]) else { return }
            best.removeLast()
        }
        var low = 0, high = best.count
        while low < high {
            let middle = (low + high) / 2
            if best[middle].before(key) { low = middle + 1 } else { high = middle }
        }
        best.insert(key, at: low)
    }

    /// Counts one result.
    mutating func count() { total += 1 }

    /// Counts a result's built-in facets from the bytes of its text columns (as `String(decoding:as: UTF8.self)`
    /// would read them; nil for NULL); `labels` are the names joined by `IndexSchema.factsLabelSeparator`.
    mutating func countFacets(source: UnsafeBufferPointer<UInt8>?, kind: UnsafeBufferPointer<UInt8>?,
                              city: UnsafeBufferPointer<UInt8>?, date: Double, hasCode: Bool,
                              labels joined: UnsafeBufferPointer<UInt8>?) {
        func count(_ bytes: UnsafeBufferPointer<UInt8>?, _ names: inout ByteInterner, _ counts: inout [Int]) {
            let number = names.number(of: bytes ?? UnsafeBufferPointer(start: nil, count: 0))
            if number == counts.count { counts.append(0) }
            counts[number] += 1
        }
        count(source, &sourceNames, &sources)
        count(kind, &kindNames, &kinds)
        if let city { count(city, &cityNames, &cities) }
        if let month = Self.month(unixSeconds: date) {
            months[month, default: 0] += 1
        } else {
            otherDates[date, default: 0] += 1
        }
        codes[hasCode, default: 0] += 1
        if let joined {
            // The separator is one ASCII byte: never inside a multi-byte sequence, and always a Character of its own.
            let separator = IndexSchema.factsLabelSeparator.asciiValue!
            var start = 0
            for index in 0...joined.count where index == joined.count || joined[index] == separator {
                count(UnsafeBufferPointer(rebasing: joined[start..<index]), &labelNames, &labels)
                start = index + 1
            }
        }
    }

    /// The built-in facets whose values are text.
    enum TextFacet { case source, kind, city, label }

    /// Counts `count` more results whose `facet` has the value `bytes` (as that many `countFacets` calls would).
    mutating func add(_ count: Int, _ facet: TextFacet, bytes: [UInt8]) {
        guard count > 0 else { return }
        func add(_ names: inout ByteInterner, _ counts: inout [Int]) {
            let number = bytes.withUnsafeBufferPointer { names.number(of: $0) }
            if number == counts.count { counts.append(0) }
            counts[number] += count
        }
        switch facet {
        case .source: add(&sourceNames, &sources)
        case .kind: add(&kindNames, &kinds)
        case .city: add(&cityNames, &cities)
        case .label: add(&labelNames, &labels)
        }
    }

    /// Counts `count` more results (the total only).
    mutating func count(_ count: Int) { total += count }

    /// The facets as `SearchResults` shows them: the most frequent `limit` values of each, count first, then the
    /// value in SQLite's byte order for labels (as a `GROUP BY` gave them) and in Swift's order for the others.
    /// `otherMonths`: the month names SQLite gives the dates in `otherDates` ("" for none).
    func facets(limit: Int, otherMonths: [Double: String] = [:]) -> [String: [FacetCount]] {
        var facets: [String: [FacetCount]] = [:]
        func top(_ counts: [String: Int], byBytes: Bool = false) -> [FacetCount]? {
            guard !counts.isEmpty else { return nil }
            return counts.map { FacetCount(value: $0.key, count: $0.value) }
                .sorted {
                    if $0.count != $1.count { return $0.count > $1.count }
                    return byBytes ? $0.value.utf8.lexicographicallyPrecedes($1.value.utf8) : $0.value < $1.value
                }
                .prefix(limit).map { $0 }
        }
        facets["label"] = top(labelNames.strings(labels), byBytes: true)
        facets["source"] = top(sourceNames.strings(sources))
        facets["kind"] = top(kindNames.strings(kinds))
        facets["city"] = top(cityNames.strings(cities))
        var monthNames: [String: Int] = [:]
        for (month, count) in months { monthNames[Self.monthName(month), default: 0] += count }
        for (date, count) in otherDates { monthNames[otherMonths[date] ?? "", default: 0] += count }
        facets["month"] = top(monthNames)
        facets["hasCode"] = top(Dictionary(uniqueKeysWithValues: codes.map { ($0.key ? "true" : "false", $0.value) }))
        return facets
    }

    // MARK: Months as SQLite's strftime('%Y-%m', date, 'unixepoch') gives them

    /// The month (year × 12 + month - 1) of a date in Unix seconds, UTC, as SQLite rounds it (to the
    /// millisecond, from its Julian day); nil outside the years 1 to 9999 (SQLite names years before 1 its own
    /// way, and has no date after 9999: those few are asked of SQLite).
    static func month(unixSeconds: Double) -> Int? {
        let julianMilliseconds = unixSeconds * 1000.0 + 210_866_760_000_000.0
        guard julianMilliseconds >= 0, julianMilliseconds < 464_269_060_800_000.0 else { return nil }
        let instant = Int64(julianMilliseconds + 0.5)
        // 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z as SQLite's Julian milliseconds.
        guard instant >= 148_731_163_200_000, instant <= 464_269_060_799_999 else { return nil }
        let julianDay = (instant + 43_200_000) / 86_400_000
        // Days since 1970-01-01 to the proleptic Gregorian civil date (H. Hinnant's days-to-civil algorithm).
        let days = julianDay - 2_440_588 + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return Int(year) * 12 + Int(month) - 1
    }

    /// "YYYY-MM" of a month from `month(unixSeconds:)`.
    static func monthName(_ month: Int) -> String {
        let year = month / 12, number = month % 12 + 1
        let digits = String(year)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits + (number < 10 ? "-0" : "-") + String(number)
    }
}
