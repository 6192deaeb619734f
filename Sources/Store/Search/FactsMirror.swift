/// `capture_facts` copied into memory as columns indexed by the search rowid, with every text value numbered once:
/// what a common word's search reads from each of its tens of thousands of matches, without joining each to its
/// facts row (a B-tree lookup and five text columns a row) or hashing its text values to count them.
///
/// ```
/// capture_facts (one row per capture) ─► flags  [rowid]  present, member (moment_representative = 0),
///                                                        representative (= 1), out_of_focus = 1, held = 0,
///                                                        has_code ≠ 0 / = 1 / = 0, labels not NULL
///                                        source, kind, city (0: NULL) [rowid] ─► value numbers ─► bytes
///                                        date, month, size (-1: NULL) [rowid]
///                                        labels [rowid] ─► start..<end in label numbers (names split at U+001F)
///                                        member rowid ─► its moment's representative rowid
/// ```
///
/// It is exactly the table at one position of the facts' change log (`IndexStore+FactsMirror` builds it once, then
/// brings it up to date row by row from `capture_facts_log`); the flags hold each fact as the SQL conditions test
/// it (`= 1`, `IS NOT 1`, `= 0`), so `FactsPredicate` and the search decide as the SQL would. A row set again
/// appends its labels and leaves the old ones as garbage, compacted when it outweighs the rest; a value no row
/// holds any more keeps its number (counted 0, so never shown as a facet value). Rowids must be dense enough for
/// arrays (else no mirror is made). Pure, no database.
struct FactsMirror: Sendable {
    struct Flags: OptionSet, Sendable {
        let rawValue: UInt16
        static let present = Flags(rawValue: 1)
        /// `moment_representative = 0`: a moment's member, counted for its representative.
        static let member = Flags(rawValue: 2)
        /// `moment_representative = 1`.
        static let representative = Flags(rawValue: 4)
        /// `out_of_focus = 1` (NULL and other values are not).
        static let outOfFocus = Flags(rawValue: 8)
        /// `held = 0`.
        static let notHeld = Flags(rawValue: 16)
        /// `has_code` is not 0 (the `hasCode` facet's true).
        static let codeTrue = Flags(rawValue: 32)
        /// `has_code = 1` and `has_code = 0` (the filter's two conditions).
        static let codeOne = Flags(rawValue: 64)
        static let codeZero = Flags(rawValue: 128)
        /// `labels` is not NULL.
        static let labelled = Flags(rawValue: 256)
    }

    /// The facts by rowid (index = rowid; rows without facts have no `present` flag).
    private(set) var flags: [Flags] = []
    private(set) var source: [UInt32] = [], kind: [UInt32] = []
    /// City number + 1, 0 for NULL.
    private(set) var city: [UInt32] = []
    private(set) var date: [Double] = []
    /// `SearchTally.month(unixSeconds:)` of the date, or `Int32.min` when SQLite must name it.
    private(set) var month: [Int32] = []
    /// Tokens (`capture_facts.size`), -1 when NULL or too large.
    private(set) var size: [Int32] = []
    /// Where a row's label numbers are (one element, so one cache line, per row).
    struct LabelRange: Sendable {
        var start: Int32 = 0, end: Int32 = 0
    }
    /// Row `r`'s label numbers are `labelNumbers[labelRanges[r].start..<labelRanges[r].end]`.
    private(set) var labelRanges: [LabelRange] = []
    private(set) var labelNumbers: [UInt32] = []
    /// Label numbers no row points at any more (rows set again or removed).
    private(set) var staleLabels = 0
    /// A member's representative (what `IndexStore.representative` gives it).
    var representatives: [Int64: Int64] = [:]
    /// The distinct values, by number.
    private(set) var sources = ByteInterner(), kinds = ByteInterner(), cities = ByteInterner(),
                     labels = ByteInterner()
    /// Rows present.
    private(set) var rows = 0

    /// Rowids past this many times the rows (plus a margin) make arrays too sparse to hold.
    static let sparseness = 4

    /// Whether arrays up to rowid `highest` are dense enough for `rows` rows.
    static func dense(rows: Int, highest: Int64) -> Bool {
        highest >= -1 && highest <= Int64(rows) * Int64(sparseness) + 4_096
    }

    /// An empty mirror for at most `rows` rows whose highest rowid is `highest`; nil when the rowids are too
    /// sparse for arrays.
    init?(rows: Int, highest: Int64) {
        guard Self.dense(rows: rows, highest: highest) else { return nil }
        grow(to: Int(highest) + 1)
        labelNumbers.reserveCapacity(rows * 2)
    }

    /// How many rowids the arrays cover.
    var capacity: Int { flags.count }

    /// Row `rowid`'s position, or nil when it has no facts here.
    @inline(__always) func index(of rowid: Int64) -> Int? {
        guard rowid >= 0, rowid < Int64(flags.count) else { return nil }
        let index = Int(rowid)
        return flags[index].contains(.present) ? index : nil
    }

    /// The facts of one row, as read from `capture_facts` (text as its bytes).
    struct Facts {
        var rowid: Int64
        var momentRepresentative: Int64
        var outOfFocus: Int64?
        var held: Int64
        var source: UnsafeBufferPointer<UInt8>
        var kind: UnsafeBufferPointer<UInt8>
        var date: Double
        var city: UnsafeBufferPointer<UInt8>?
        var hasCode: Int64
        var labels: UnsafeBufferPointer<UInt8>?
        var size: Int64?
    }

    /// Makes the arrays cover rowids below `count`.
    private mutating func grow(to count: Int) {
        let added = count - flags.count
        guard added > 0 else { return }
        flags += repeatElement([], count: added)
        source += repeatElement(0, count: added)
        kind += repeatElement(0, count: added)
        city += repeatElement(0, count: added)
        date += repeatElement(0, count: added)
        month += repeatElement(Int32.min, count: added)
        size += repeatElement(-1, count: added)
        labelRanges += repeatElement(LabelRange(), count: added)
    }

    /// Sets row `facts.rowid` (new or again; its member's representative is the caller's); false when the rowid
    /// is negative or would make the arrays too sparse.
    mutating func set(_ facts: Facts) -> Bool {
        guard facts.rowid >= 0 else { return false }
        if facts.rowid >= Int64(flags.count) {
            guard Self.dense(rows: rows + 1, highest: facts.rowid) else { return false }
            grow(to: Int(facts.rowid) + 1)
        }
        let index = Int(facts.rowid)
        if flags[index].contains(.present) {
            staleLabels += Int(labelRanges[index].end - labelRanges[index].start)
        } else {
            rows += 1
        }
        var flags: Flags = .present
        if facts.momentRepresentative == 0 { flags.insert(.member) }
        if facts.momentRepresentative == 1 { flags.insert(.representative) }
        if facts.outOfFocus == 1 { flags.insert(.outOfFocus) }
        if facts.held == 0 { flags.insert(.notHeld) }
        if facts.hasCode != 0 { flags.insert(.codeTrue) }
        if facts.hasCode == 1 { flags.insert(.codeOne) }
        if facts.hasCode == 0 { flags.insert(.codeZero) }
        source[index] = UInt32(sources.number(of: facts.source))
        kind[index] = UInt32(kinds.number(of: facts.kind))
        city[index] = facts.city.map { UInt32(cities.number(of: $0) + 1) } ?? 0
        date[index] = facts.date
        month[index] = SearchTally.month(unixSeconds: facts.date).map { Int32($0) } ?? Int32.min
        size[index] = facts.size.flatMap { $0 >= 0 && $0 <= Int64(Int32.max) ? Int32($0) : nil } ?? -1
        let start = Int32(labelNumbers.count)
        if let joined = facts.labels {
            flags.insert(.labelled)
            let separator = IndexSchema.factsLabelSeparator.asciiValue!
            var start = 0
            for position in 0...joined.count where position == joined.count || joined[position] == separator {
                labelNumbers.append(UInt32(labels.number(of: UnsafeBufferPointer(rebasing: joined[start..<position]))))
                start = position + 1
            }
        }
        labelRanges[index] = LabelRange(start: start, end: Int32(labelNumbers.count))
        self.flags[index] = flags
        if !flags.contains(.member) { representatives[facts.rowid] = nil }
        return true
    }

    /// Forgets row `rowid` (its facts were deleted).
    mutating func remove(_ rowid: Int64) {
        guard let index = index(of: rowid) else { return }
        staleLabels += Int(labelRanges[index].end - labelRanges[index].start)
        labelRanges[index] = LabelRange()
        flags[index] = []
        rows -= 1
        representatives[rowid] = nil
    }

    /// Copies the live label numbers together when the garbage outweighs them (after rows were set again).
    mutating func compactLabels() {
        guard staleLabels > 4_096, staleLabels * 2 > labelNumbers.count else { return }
        var compacted: [UInt32] = []
        compacted.reserveCapacity(labelNumbers.count - staleLabels)
        for index in flags.indices {
            let start = Int32(compacted.count)
            let range = labelRanges[index]
            compacted += labelNumbers[Int(range.start)..<Int(range.end)]
            labelRanges[index] = LabelRange(start: start, end: Int32(compacted.count))
        }
        labelNumbers = compacted
        staleLabels = 0
    }

    /// Row `index`'s label numbers.
    @inline(__always) func rowLabels(at index: Int) -> ArraySlice<UInt32> {
        let range = labelRanges[index]
        return labelNumbers[Int(range.start)..<Int(range.end)]
    }
}
