import Foundation

/// The shown condition of a search (`Visibility.factsCondition` and `SearchFilters.condition`, `IS 1`) decided in
/// Swift on a `FactsMirror` row, with every text value compared by its number in the mirror: the same answer as the
/// SQL for each row, without SQL.
///
/// ```
/// visible:  moment_representative = 1 AND out_of_focus IS NOT 1 AND held = 0   (flags)
///           focus: kind = 'screenshot' | kind = 'photo' | source IN (…)       (allowed value numbers)
///           window: date >= now - days × 86,400                                 (the same Double)
/// filters:  labels: each whole name among the row's (labels NULL: hidden); source, kind, city IN (…)
///           (city NULL: hidden); date >= from, date < until; has_code = 1 | = 0
/// ```
///
/// Made only for what it can decide exactly: options with `maximumAssets` (a subquery over `captures`), declared
/// facet filters (their own tables) and a label filter holding the separator give nil, and the search joins
/// `capture_facts` in SQL as before. Pure.
struct FactsPredicate {
    /// Flags a shown row must have.
    private var required: FactsMirror.Flags = [.present, .representative, .notHeld]
    /// Flags a shown row must not have.
    private let excluded: FactsMirror.Flags = [.outOfFocus]
    /// Value numbers allowed, by number (nil: any value).
    private var sources: [Bool]?, kinds: [Bool]?
    /// City numbers + 1 allowed (index 0, NULL, never), nil: any.
    private var cities: [Bool]?
    /// Label numbers every shown row must all have (a name no row has: nothing is shown).
    private var labels: [UInt32] = []
    private var nothing = false
    private var lowest: Double?, below: Double?

    /// The predicate for `options` at `now` and `filters` on `mirror`, or nil when it cannot be decided here.
    init?(options: IndexOptions, now: Date, filters: SearchFilters, mirror: FactsMirror) {
        guard options.maximumAssets == nil, filters.facets.values.allSatisfy(\.isEmpty),
              !filters.labels.contains(where: { $0.contains(IndexSchema.factsLabelSeparator) })
        else { return nil }
        func allowed(_ values: [String], in names: ByteInterner, _ current: [Bool]?) -> [Bool] {
            var allowed = [Bool](repeating: false, count: names.count)
            for value in values {
                let bytes = Array(value.utf8)
                if let number = names.existingNumber(of: bytes) { allowed[number] = true }
            }
            guard let current else { return allowed }
            return zip(allowed, current).map { $0 && $1 }
        }
        switch options.focus {
        case .everything: break
        case .screenshots: kinds = allowed(["screenshot"], in: mirror.kinds, kinds)
        case .photos: kinds = allowed(["photo"], in: mirror.kinds, kinds)
        case .sources(let names): sources = allowed(names, in: mirror.sources, sources)
        }
        if let windowDays = options.windowDays {
            lowest = now.timeIntervalSince1970 - Double(windowDays) * 86_400
        }
        for label in filters.labels {
            if let number = mirror.labels.existingNumber(of: Array(label.utf8)) {
                labels.append(UInt32(number))
            } else {
                nothing = true
            }
        }
        if !filters.labels.isEmpty { required.insert(.labelled) }
        if !filters.sources.isEmpty { sources = allowed(filters.sources, in: mirror.sources, sources) }
        if !filters.kinds.isEmpty { kinds = allowed(filters.kinds, in: mirror.kinds, kinds) }
        if !filters.cities.isEmpty {
            cities = [false] + allowed(filters.cities, in: mirror.cities, nil)
        }
        if let from = filters.from {
            let bound = from.timeIntervalSince1970
            lowest = lowest.map { Swift.max($0, bound) } ?? bound
        }
        if let until = filters.until { below = until.timeIntervalSince1970 }
        if let hasCode = filters.hasCode { required.insert(hasCode ? .codeOne : .codeZero) }
    }

    /// Whether row `index` of `mirror` is shown.
    @inline(__always) func shows(_ index: Int, in mirror: FactsMirror) -> Bool {
        let flags = mirror.flags[index]
        guard !nothing, flags.isSuperset(of: required), flags.isDisjoint(with: excluded) else { return false }
        if let sources, !sources[Int(mirror.source[index])] { return false }
        if let kinds, !kinds[Int(mirror.kind[index])] { return false }
        if let cities, !cities[Int(mirror.city[index])] { return false }
        let date = mirror.date[index]
        if let lowest, !(date >= lowest) { return false }
        if let below, !(date < below) { return false }
        if !labels.isEmpty {
            let own = mirror.rowLabels(at: index)
            for label in labels where !own.contains(label) { return false }
        }
        return true
    }
}
