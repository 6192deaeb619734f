/// Multi-index hashing over 64-bit fingerprints: four tables, one per 16-bit chunk, each mapping a chunk value to
/// the positions whose fingerprint has it (compressed rows: `offsets` into `positions`).
///
/// Pigeonhole: if two fingerprints differ in at most `r` bits, one of the four chunks differs in at most
/// `r / 4` bits. So probing each table with every chunk value within `r / 4` bits of the query's chunk finds every
/// fingerprint within `r` (then checked in full), and the search is exact. A candidate found in table `t` is kept
/// only if no earlier table could have found it, so each is reported once without a visited set.
struct MultiIndexTables: Sendable {
    static let chunkCount = 4
    static let chunkBits = 16
    static let bucketCount = 1 << chunkBits

    let fingerprints: [UInt64]
    private let offsets: [UInt32]
    private let positions: [UInt32]

    init(fingerprints: [UInt64]) {
        precondition(fingerprints.count < Int(UInt32.max), "too many fingerprints for one index")
        self.fingerprints = fingerprints
        let buckets = Self.bucketCount, n = fingerprints.count
        var offsets = [UInt32](repeating: 0, count: Self.chunkCount * (buckets + 1))
        var positions = [UInt32](repeating: 0, count: Self.chunkCount * n)
        for table in 0..<Self.chunkCount {
            let base = table * (buckets + 1)
            for fingerprint in fingerprints { offsets[base + Self.chunk(fingerprint, table) + 1] += 1 }
            for bucket in 0..<buckets { offsets[base + bucket + 1] += offsets[base + bucket] }
            var next = Array(offsets[base..<(base + buckets)])
            for (position, fingerprint) in fingerprints.enumerated() {
                let bucket = Self.chunk(fingerprint, table)
                positions[table * n + Int(next[bucket])] = UInt32(position)
                next[bucket] += 1
            }
        }
        self.offsets = offsets
        self.positions = positions
    }

    @inline(__always)
    static func chunk(_ fingerprint: UInt64, _ table: Int) -> Int {
        Int(truncatingIfNeeded: (fingerprint >> UInt64(table * chunkBits)) & 0xFFFF)
    }

    /// Positions and distances of every fingerprint within `radius` of `query`, in no particular order.
    func search(_ query: UInt64, radius: Int, into results: inout [(position: Int, distance: Int)]) {
        guard radius >= 0 else { return }
        let perChunk = radius / Self.chunkCount
        guard perChunk < FlipMasks.maxBits, FlipMasks.count(upTo: perChunk) * Self.chunkCount * 4 < fingerprints.count
        else {
            scan(query, radius: radius, into: &results)
            return
        }
        let masks = FlipMasks.masks[0..<FlipMasks.count(upTo: perChunk)]
        let n = fingerprints.count
        fingerprints.withUnsafeBufferPointer { fingerprints in
            offsets.withUnsafeBufferPointer { offsets in
                positions.withUnsafeBufferPointer { positions in
                    for table in 0..<Self.chunkCount {
                        let base = table * (Self.bucketCount + 1)
                        let queryChunk = UInt16(truncatingIfNeeded: Self.chunk(query, table))
                        for mask in masks {
                            let bucket = base + Int(queryChunk ^ mask)
                            for slot in Int(offsets[bucket])..<Int(offsets[bucket + 1]) {
                                let position = Int(positions[table * n + slot])
                                let difference = fingerprints[position] ^ query
                                let distance = difference.nonzeroBitCount
                                guard distance <= radius else { continue }
                                // Skip it if an earlier table's chunk was close enough to have found it.
                                var foundEarlier = false
                                for earlier in 0..<table where Self.chunk(difference, earlier).nonzeroBitCount <= perChunk {
                                    foundEarlier = true
                                    break
                                }
                                if !foundEarlier { results.append((position, distance)) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The brute-force answer, used when the radius is too large for the tables to help.
    func scan(_ query: UInt64, radius: Int, into results: inout [(position: Int, distance: Int)]) {
        for (position, fingerprint) in fingerprints.enumerated() {
            let distance = (fingerprint ^ query).nonzeroBitCount
            if distance <= radius { results.append((position, distance)) }
        }
    }
}

/// Every 16-bit value ordered by how many bits it sets: the first `count(upTo: k)` are the flips of at most `k`
/// bits that turn a query chunk into the chunks within `k` of it.
enum FlipMasks {
    static let maxBits = 5
    static let masks: [UInt16] = (0...UInt16.max).filter { $0.nonzeroBitCount < maxBits }
        .sorted { ($0.nonzeroBitCount, $0) < ($1.nonzeroBitCount, $1) }

    /// How many masks set at most `bits` bits: the sum of C(16, i) for i <= bits.
    static func count(upTo bits: Int) -> Int {
        var total = 0, binomial = 1
        for i in 0...bits {
            total += binomial
            binomial = binomial * (16 - i) / (i + 1)
        }
        return total
    }
}
