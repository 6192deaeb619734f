/// The index `FingerprintIndex` used before the five-table layout (main at `2fac138`), kept here (unchanged but
/// for its scan fallback, not reached at radii up to 12) so the benchmark measures both in the same run: four
/// tables of 16-bit chunks probed within 2, 2, 2 and 1 bits at
/// radius 10, each bucket's fingerprints inline, checked one at a time. Not used by the pipeline.
///
/// Its own description: multi-index hashing over 64-bit fingerprints, `chunkCount` tables (four by default:
/// 16-bit chunks; five 13-bit tables measured slower), one per chunk, each mapping a chunk value to the
/// fingerprints that have it (compressed rows: `offsets` into `bucketBits`/`bucketPositions`, which hold each
/// bucket's fingerprints inline so a probe reads them in sequence).
///
/// Pigeonhole with per-table radii: if a fingerprint differs from the query by more than `s_t` bits in every
/// chunk `t`, it differs by at least `sum(s_t + 1)` bits in all. Choosing radii with `sum(s_t + 1) = r + 1`
/// (for r = 10 and four chunks: 2, 2, 2, 1) means every fingerprint within `r` differs by at most `s_t` in some
/// chunk `t`, so probing table `t` with every chunk value within `s_t` bits of the query's chunk finds it (then
/// checked in full), and the search is exact. A candidate found in table `t` is kept only if no earlier table
/// could have found it, so each is reported once without a visited set.
struct PreviousIndex: Sendable {
    let chunkCount: Int
    /// Bit offset and width of each chunk.
    private let shifts: [Int]
    private let widths: [Int]
    /// Where each table's rows start in `offsets` (a table has `1 << width` buckets plus one end offset).
    private let tableStarts: [Int]
    /// For each table, its chunk values ordered by how many bits they set (the flips to probe).
    private let flips: [[UInt16]]

    let fingerprints: [UInt64]
    private let offsets: [UInt32]
    private let bucketBits: [UInt64]
    private let bucketPositions: [UInt32]

    init(fingerprints: [UInt64], chunkCount: Int = 4) {
        precondition(fingerprints.count < Int(UInt32.max), "too many fingerprints for one index")
        precondition((4...8).contains(chunkCount), "chunks must be 8 to 16 bits wide")
        self.chunkCount = chunkCount
        self.fingerprints = fingerprints
        let widths = (0..<chunkCount).map { 64 / chunkCount + ($0 < 64 % chunkCount ? 1 : 0) }
        let shifts = widths.indices.map { widths[..<$0].reduce(0, +) }
        var tableStarts: [Int] = [], total = 0
        for width in widths {
            tableStarts.append(total)
            total += (1 << width) + 1
        }
        let n = fingerprints.count
        var offsets = [UInt32](repeating: 0, count: total)
        var bucketBits = [UInt64](repeating: 0, count: chunkCount * n)
        var bucketPositions = [UInt32](repeating: 0, count: chunkCount * n)
        for table in 0..<chunkCount {
            let base = tableStarts[table], buckets = 1 << widths[table]
            let shift = UInt64(shifts[table]), mask = UInt64(buckets - 1)
            let chunk = { (bits: UInt64) in Int(truncatingIfNeeded: (bits >> shift) & mask) }
            for fingerprint in fingerprints { offsets[base + chunk(fingerprint) + 1] += 1 }
            for bucket in 0..<buckets { offsets[base + bucket + 1] += offsets[base + bucket] }
            var next = Array(offsets[base..<(base + buckets)])
            for (position, fingerprint) in fingerprints.enumerated() {
                let bucket = chunk(fingerprint)
                let slot = table * n + Int(next[bucket])
                bucketBits[slot] = fingerprint
                bucketPositions[slot] = UInt32(position)
                next[bucket] += 1
            }
        }
        self.widths = widths
        self.shifts = shifts
        self.tableStarts = tableStarts
        self.flips = widths.map { width in
            (0..<(1 << width)).map { UInt16(truncatingIfNeeded: $0) }.filter { $0.nonzeroBitCount <= Self.maxProbeBits }
                .sorted { ($0.nonzeroBitCount, $0) < ($1.nonzeroBitCount, $1) }
        }
        self.offsets = offsets
        self.bucketBits = bucketBits
        self.bucketPositions = bucketPositions
    }

    /// The largest per-table probe radius; beyond it a scan is cheaper.
    static let maxProbeBits = 4

    @inline(__always)
    private func chunk(_ bits: UInt64, _ table: Int) -> Int {
        Int(truncatingIfNeeded: (bits >> UInt64(shifts[table])) & UInt64((1 << widths[table]) - 1))
    }

    /// The probe radius of each table for a search radius `radius`: they sum, each plus one, to `radius + 1`
    /// (-1: the table is not probed).
    func radii(for radius: Int) -> [Int] {
        let total = radius + 1, base = total / chunkCount, extra = total % chunkCount
        return (0..<chunkCount).map { base + ($0 < extra ? 1 : 0) - 1 }
    }

    /// How many chunk values within `bits` bits of a given one a table of `width` bits has.
    static func flipCount(width: Int, upTo bits: Int) -> Int {
        guard bits >= 0 else { return 0 }
        var total = 0, binomial = 1
        for i in 0...min(bits, width) {
            total += binomial
            binomial = binomial * (width - i) / (i + 1)
        }
        return total
    }

    /// Positions and distances of every fingerprint within `radius` of `query`, in no particular order.
    func search(_ query: UInt64, radius: Int, into results: inout [(position: Int, distance: Int)]) {
        guard radius >= 0 else { return }
        let radii = radii(for: radius)
        let probeCounts = radii.indices.map { Self.flipCount(width: widths[$0], upTo: radii[$0]) }
        guard radii[0] <= Self.maxProbeBits, probeCounts.reduce(0, +) * 4 < fingerprints.count else {
            for (position, bits) in fingerprints.enumerated() where (bits ^ query).nonzeroBitCount <= radius {
                results.append((position, (bits ^ query).nonzeroBitCount))
            }
            return
        }
        let n = fingerprints.count
        // Two passes a table: first every probed bucket's bounds (independent loads the processor overlaps),
        // then the buckets' fingerprints.
        var bounds = [UInt32](repeating: 0, count: 2 * (probeCounts.max() ?? 0))
        offsets.withUnsafeBufferPointer { offsets in
            bucketBits.withUnsafeBufferPointer { bucketBits in
                bucketPositions.withUnsafeBufferPointer { bucketPositions in
                    bounds.withUnsafeMutableBufferPointer { bounds in
                        for table in 0..<chunkCount where radii[table] >= 0 {
                            let base = tableStarts[table]
                            let queryChunk = UInt16(truncatingIfNeeded: chunk(query, table))
                            let probes = probeCounts[table]
                            flips[table].withUnsafeBufferPointer { masks in
                                for probe in 0..<probes {
                                    let bucket = base + Int(queryChunk ^ masks[probe])
                                    bounds[2 * probe] = offsets[bucket]
                                    bounds[2 * probe + 1] = offsets[bucket + 1]
                                }
                            }
                            let entries = table * n
                            for probe in 0..<probes {
                                for slot in Int(bounds[2 * probe])..<Int(bounds[2 * probe + 1]) {
                                    let difference = bucketBits[entries + slot] ^ query
                                    let distance = difference.nonzeroBitCount
                                    guard distance <= radius else { continue }
                                    // Skip it if an earlier table's chunk was close enough to have found it.
                                    var foundEarlier = false
                                    for earlier in 0..<table
                                    where chunk(difference, earlier).nonzeroBitCount <= radii[earlier] {
                                        foundEarlier = true
                                        break
                                    }
                                    if !foundEarlier {
                                        results.append((Int(bucketPositions[entries + slot]), distance))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
