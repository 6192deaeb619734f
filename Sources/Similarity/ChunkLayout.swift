/// How `MultiIndexTables` cuts a 64-bit fingerprint into the chunks its tables are keyed by, and which 32 bits of
/// the rest each table keeps beside every entry as a signature.
///
/// The chunks are disjoint runs of bits. They need not cover all 64: a bit that has the same value in every
/// fingerprint of the library (bit 0 of a pHash, the DC slot, is always clear) tells no fingerprint apart, so the
/// chunks cover only the span between the lowest and the highest bit that varies. Leaving bits out keeps the
/// pigeonhole exact: the chunk distances still add up to at most the full distance.
///
/// Five chunks: the first wide (15 bits over a pHash's 63), probed within 2 bits at the match threshold, and four
/// narrow ones of 12 bits, probed within 1 bit (docs/fingerprint.md, "Similar").
struct ChunkLayout: Sendable, Equatable {
    /// Bit offset and width of each chunk; chunk 0 is the wide one.
    let shifts: [Int]
    let widths: [Int]

    static let chunkCount = 5
    /// The narrow chunks' width when the span allows it.
    static let narrowWidth = 12

    /// The layout for a library whose fingerprints differ from one another only in the bits set in `varyingBits`.
    init(varyingBits: UInt64) {
        var low = varyingBits.trailingZeroBitCount, span = 64 - low - varyingBits.leadingZeroBitCount
        if span < 2 * Self.chunkCount {
            (low, span) = (0, 64)
        }
        let narrow = min(Self.narrowWidth, span / Self.chunkCount)
        let widths = [span - (Self.chunkCount - 1) * narrow] + Array(repeating: narrow, count: Self.chunkCount - 1)
        self.widths = widths
        shifts = widths.indices.map { low + widths[..<$0].reduce(0, +) }
    }

    var count: Int { widths.count }

    /// The value of chunk `table` of `bits`.
    @inline(__always)
    func chunk(_ bits: UInt64, _ table: Int) -> Int {
        Int(truncatingIfNeeded: (bits >> UInt64(shifts[table])) & ((1 << UInt64(widths[table])) - 1))
    }

    /// The 32 bits that follow chunk `table` (wrapping round from bit 63 to bit 0): the signature its table stores
    /// beside each entry. A chunk is at most 16 bits wide, so the signature never overlaps it.
    @inline(__always)
    func signature(_ bits: UInt64, _ table: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: bits.rotated(right: shifts[table] + widths[table]))
    }

    /// The bits `signature(_:table)` holds, in place.
    func signatureMask(_ table: Int) -> UInt64 {
        UInt64(UInt32.max).rotated(right: 64 - (shifts[table] + widths[table]))
    }

    /// The bits of chunk `table`, in place.
    func chunkMask(_ table: Int) -> UInt64 {
        ((1 << UInt64(widths[table])) - 1) << UInt64(shifts[table])
    }
}

extension UInt64 {
    /// The bits rotated towards bit 0 by `count` places (modulo 64).
    @inline(__always)
    func rotated(right count: Int) -> UInt64 {
        let count = UInt64(count & 63)
        return count == 0 ? self : (self >> count) | (self << (64 - count))
    }
}
