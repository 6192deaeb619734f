/// Multi-index hashing over 64-bit fingerprints: one table per chunk of the fingerprint (`ChunkLayout`: a wide
/// chunk and four narrow ones), each mapping a chunk value to the fingerprints that have it, as compressed rows
/// (`offsets` into the table's run of entries).
///
/// Each entry is kept as three parallel arrays: a 32-bit signature (the 32 bits after the table's chunk), the
/// full fingerprint and its position. A search reads only the signatures of the buckets it probes, eight or four
/// at a time with vector population counts, and looks at a fingerprint only when its signature alone is close
/// enough. The signatures take 4 bytes an entry a table (2 MB for 100,000 fingerprints in five tables), half of
/// what inline fingerprints took, so more of what a search reads stays in the core's 2 MB L2 cache. `ProbePlan`
/// decides how far to probe each table for a radius, or that a scan is cheaper.
@usableFromInline
struct MultiIndexTables: Sendable {
    let layout: ChunkLayout
    @usableFromInline let fingerprints: [UInt64]
    /// Where each table's rows start in `offsets` (a table has `1 << width` buckets plus one end offset).
    let tableStarts: [Int]
    /// Bucket `b` of `table` holds the entries `table * n + offsets[tableStarts[table] + b] ..< table * n +
    /// offsets[tableStarts[table] + b + 1]` (n fingerprints).
    let offsets: [UInt32]
    /// Per entry, the signature, the fingerprint and its position in `fingerprints` (padded by three signatures,
    /// so four can always be read at once).
    let signatures: [UInt32]
    let entryBits: [UInt64]
    let entryPositions: [UInt32]
    /// For each table, the chunk values to flip the query's chunk by, fewest bits first, each with its bit count
    /// in the top byte.
    let flips: [[UInt32]]
    /// The plans of the radii up to `plannedRadii`, made once.
    private let plans: [ProbePlan?]

    static let plannedRadii = 32

    init(fingerprints: [UInt64]) {
        precondition(fingerprints.count < Int(Int32.max), "too many fingerprints for one index")
        let varying = fingerprints.reduce(0) { $0 | ($1 ^ (fingerprints.first ?? 0)) }
        let layout = ChunkLayout(varyingBits: varying)
        self.layout = layout
        self.fingerprints = fingerprints
        let n = fingerprints.count, tables = layout.count
        var tableStarts: [Int] = [], total = 0
        for width in layout.widths {
            tableStarts.append(total)
            total += (1 << width) + 1
        }
        var offsets = [UInt32](repeating: 0, count: total)
        var signatures = [UInt32](repeating: 0, count: tables * n + 3)
        var entryBits = [UInt64](repeating: 0, count: tables * n)
        var entryPositions = [UInt32](repeating: 0, count: tables * n)
        for table in 0..<tables {
            let base = tableStarts[table], buckets = 1 << layout.widths[table]
            for fingerprint in fingerprints { offsets[base + layout.chunk(fingerprint, table) + 1] += 1 }
            for bucket in 0..<buckets { offsets[base + bucket + 1] += offsets[base + bucket] }
            var next = Array(offsets[base..<(base + buckets)])
            for (position, fingerprint) in fingerprints.enumerated() {
                let bucket = layout.chunk(fingerprint, table)
                let slot = table * n + Int(next[bucket])
                signatures[slot] = layout.signature(fingerprint, table)
                entryBits[slot] = fingerprint
                entryPositions[slot] = UInt32(position)
                next[bucket] += 1
            }
        }
        self.tableStarts = tableStarts
        self.offsets = offsets
        self.signatures = signatures
        self.entryBits = entryBits
        self.entryPositions = entryPositions
        flips = layout.widths.map { Self.flips(width: $0, upTo: ProbePlan.maxProbeBits) }
        plans = (0...Self.plannedRadii).map { ProbePlan(radius: $0, layout: layout, count: n) }
    }

    /// The plan for `radius`, nil when a scan is cheaper.
    func plan(for radius: Int) -> ProbePlan? {
        radius <= Self.plannedRadii
            ? plans[radius] : ProbePlan(radius: radius, layout: layout, count: fingerprints.count)
    }

    /// Every value of `width` bits with at most `bits` bits set, fewest first, each with its bit count in the top
    /// byte (the masks a probe flips the query's chunk by).
    static func flips(width: Int, upTo bits: Int) -> [UInt32] {
        var flips: [UInt32] = [0]
        for count in 1...max(1, min(bits, width)) where count <= width {
            // Every `count`-bit subset of `width` bits in increasing order (Gosper's hack).
            var mask = (UInt32(1) << UInt32(count)) - 1
            while mask < UInt32(1) << UInt32(width) {
                flips.append(mask | UInt32(count) << 24)
                let lowest = mask & (0 &- mask), ripple = mask &+ lowest
                mask = ripple | (((mask ^ ripple) >> 2) / lowest)
            }
        }
        return flips
    }
}
