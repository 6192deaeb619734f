import CFingerprintPrefetch

extension MultiIndexTables {
    /// Positions and distances of every fingerprint within `radius` of `query`, in no particular order: exactly
    /// what `scan` finds.
    ///
    /// First the bounds of every probed bucket of every table (independent loads the processor overlaps), each
    /// bucket's first signatures asked for from memory as soon as its bounds are known; then the buckets'
    /// signatures, eight or four at a time: a signature farther from the query's than the radius allows, less the
    /// bits the probe flipped and the table's hidden distance (`ProbePlan`), rules its entry out. The entries that
    /// pass are compared in full in batches (`Verifier`) and kept if no earlier table was close enough in its own
    /// chunk to have found them, so each fingerprint is reported once without a visited set.
    @usableFromInline
    func search(_ query: UInt64, radius: Int, into results: inout [(position: Int, distance: Int)]) {
        guard radius >= 0 else { return }
        guard let plan = plan(for: radius) else {
            scan(query, radius: radius, into: &results)
            return
        }
        withUnsafeTemporaryAllocation(of: Probe.self, capacity: max(1, plan.probeCounts.reduce(0, +))) { probes in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: Self.pendingCapacity) { pending in
                offsets.withUnsafeBufferPointer { offsets in
                    signatures.withUnsafeBufferPointer { signatures in
                        entryBits.withUnsafeBufferPointer { bits in
                            entryPositions.withUnsafeBufferPointer { positions in
                                var count = 0
                                for table in 0..<layout.count where plan.radii[table] >= 0 {
                                    count = gatherProbes(table, of: query, radius: radius, plan: plan,
                                                         offsets: offsets, signatures: signatures, into: probes,
                                                         at: count)
                                }
                                var verifier = Verifier(query: query, radius: radius, plan: plan, layout: layout,
                                                        bits: bits, positions: positions, pending: pending)
                                var querySignature = SIMD4<UInt32>(), table = -1
                                for probe in probes[..<count] {
                                    if probe.table != table {
                                        table = probe.table
                                        querySignature = SIMD4(repeating: layout.signature(query, table))
                                    }
                                    check(probe, signatures: signatures, against: querySignature,
                                          verifier: &verifier, results: &results)
                                }
                                verifier.flush(into: &results)
                            }
                        }
                    }
                }
            }
        }
    }

    /// Checks the signatures of one probed bucket and hands the entries under the limit to the verifier.
    @inline(__always)
    private func check(_ probe: Probe, signatures: UnsafeBufferPointer<UInt32>, against querySignature: SIMD4<UInt32>,
                       verifier: inout Verifier, results: inout [(position: Int, distance: Int)]) {
        let limits = SIMD4(repeating: probe.limit)
        let base = signatures.baseAddress!
        var slot = probe.start
        // Eight at a time while more than four are left (one test for both halves), then four. A lane under the
        // limit wraps round to a value with its top bit set.
        while slot &+ 4 < probe.end {
            let low = (UnsafeRawPointer(base + slot).loadUnaligned(as: SIMD4<UInt32>.self) ^ querySignature)
                .populationCounts &- limits
            let high = (UnsafeRawPointer(base + slot + 4).loadUnaligned(as: SIMD4<UInt32>.self) ^ querySignature)
                .populationCounts &- limits
            if Self.anyUnder(low | high) {
                if Self.anyUnder(low) { queue(low, at: slot, probe: probe, verifier: &verifier, results: &results) }
                if Self.anyUnder(high) {
                    queue(high, at: slot &+ 4, probe: probe, verifier: &verifier, results: &results)
                }
            }
            slot &+= 8
        }
        if slot < probe.end {
            let under = (UnsafeRawPointer(base + slot).loadUnaligned(as: SIMD4<UInt32>.self) ^ querySignature)
                .populationCounts &- limits
            if Self.anyUnder(under) { queue(under, at: slot, probe: probe, verifier: &verifier, results: &results) }
        }
    }

    /// Whether some lane of `under` (a count minus its limit) is negative.
    @inline(__always)
    private static func anyUnder(_ under: SIMD4<UInt32>) -> Bool {
        let halves = unsafeBitCast(under, to: (UInt64, UInt64).self)
        return (halves.0 | halves.1) & 0x8000_0000_8000_0000 != 0
    }

    /// Hands the entries of the block at `slot` whose lanes of `under` are negative to the verifier.
    @inline(__always)
    private func queue(_ under: SIMD4<UInt32>, at slot: Int, probe: Probe, verifier: inout Verifier,
                        results: inout [(position: Int, distance: Int)]) {
        for lane in 0..<min(4, probe.end - slot) where under[lane] >= 1 << 31 {
            verifier.add(slot + lane, from: probe.table, results: &results)
        }
    }

    /// How many entries that passed the signature check wait to be compared in full: they are compared together,
    /// so their fingerprints' cache misses overlap.
    static let pendingCapacity = 64

    /// One probed bucket: its table, its entries and the signature distance its entries must stay under.
    struct Probe {
        var start: Int
        var end: Int
        var limit: UInt32
        var table: Int
    }

    /// Writes the buckets `table` probes for `query` into `probes` from `first` on and returns where they end;
    /// buckets that are empty or whose limit leaves nothing to find are left out.
    @inline(__always)
    private func gatherProbes(_ table: Int, of query: UInt64, radius: Int, plan: ProbePlan,
                              offsets: UnsafeBufferPointer<UInt32>, signatures: UnsafeBufferPointer<UInt32>,
                              into probes: UnsafeMutableBufferPointer<Probe>, at first: Int) -> Int {
        let base = tableStarts[table], entries = table * fingerprints.count
        let queryChunk = UInt32(truncatingIfNeeded: layout.chunk(query, table))
        let tableLimit = radius + 1 - plan.hiddenDistance[table]
        var count = first
        flips[table].withUnsafeBufferPointer { flips in
            for flip in flips[..<plan.probeCounts[table]] {
                let bucket = base + Int(queryChunk ^ (flip & 0xFFFF))
                let start = Int(offsets[bucket]), end = Int(offsets[bucket + 1])
                let limit = tableLimit - Int(flip >> 24)
                probes[count] = Probe(start: entries + start, end: entries + end, limit: UInt32(max(0, limit)),
                                      table: table)
                fingerprint_prefetch(signatures.baseAddress! + entries + start)
                count += start < end && limit > 0 ? 1 : 0
            }
        }
        return count
    }
}

/// Compares the entries that passed a table's signature check with the query in full, a batch at a time, and
/// reports those within the radius that no earlier table found.
private struct Verifier {
    let query: UInt64
    let radius: Int
    let plan: ProbePlan
    let layout: ChunkLayout
    let bits: UnsafeBufferPointer<UInt64>
    let positions: UnsafeBufferPointer<UInt32>
    let pending: UnsafeMutableBufferPointer<Int>
    var count = 0

    init(query: UInt64, radius: Int, plan: ProbePlan, layout: ChunkLayout, bits: UnsafeBufferPointer<UInt64>,
         positions: UnsafeBufferPointer<UInt32>, pending: UnsafeMutableBufferPointer<Int>) {
        (self.query, self.radius, self.plan, self.layout) = (query, radius, plan, layout)
        (self.bits, self.positions, self.pending) = (bits, positions, pending)
    }

    /// Queues `entry` of `table` (its fingerprint is asked for from memory now, compared at the next flush).
    @inline(__always)
    mutating func add(_ entry: Int, from table: Int, results: inout [(position: Int, distance: Int)]) {
        fingerprint_prefetch(bits.baseAddress! + entry)
        pending[count] = entry | table << 56
        count += 1
        if count == pending.count { flush(into: &results) }
    }

    mutating func flush(into results: inout [(position: Int, distance: Int)]) {
        for packed in pending[..<count] {
            let entry = packed & (1 << 56 - 1), table = packed >> 56
            let difference = bits[entry] ^ query
            let distance = difference.nonzeroBitCount
            if distance <= radius, !foundEarlier(difference, before: table) {
                results.append((Int(positions[entry]), distance))
            }
        }
        count = 0
    }

    /// Whether a table before `table` probes the chunk value of the fingerprint `difference` away from the query.
    @inline(__always)
    private func foundEarlier(_ difference: UInt64, before table: Int) -> Bool {
        for earlier in 0..<table where layout.chunk(difference, earlier).nonzeroBitCount <= plan.radii[earlier] {
            return true
        }
        return false
    }
}

extension SIMD4<UInt32> {
    /// The number of bits set in each lane (the compiler has no vector population count on the default x86-64
    /// target, so it is spelled out: pairs, nibbles, bytes, then the bytes summed).
    @inline(__always)
    var populationCounts: SIMD4<UInt32> {
        var counts = self &- ((self &>> 1) & 0x5555_5555)
        counts = (counts & 0x3333_3333) &+ ((counts &>> 2) & 0x3333_3333)
        counts = (counts &+ (counts &>> 4)) & 0x0F0F_0F0F
        counts = counts &+ (counts &>> 8)
        counts = counts &+ (counts &>> 16)
        return counts & 0x3F
    }
}
