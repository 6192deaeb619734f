import Captures
@testable import Similarity
import Testing

@Suite("Fingerprint index")
struct FingerprintIndexTests {
    /// Random 64-bit fingerprints with planted near-duplicates, so searches find something at small radii.
    static func library(count: Int, seed: UInt64) -> [(id: Int, fingerprint: VisualFingerprint)] {
        var random = TestRandom(seed: seed)
        var bits: [UInt64] = []
        while bits.count < count {
            let base = random.next()
            bits.append(base)
            for _ in 0..<(random.next() % 3) {
                var variant = base
                for _ in 0..<(random.next() % 9) { variant ^= 1 << (random.next() % 64) }
                bits.append(variant)
            }
        }
        return entries(bits.prefix(count))
    }

    /// pHash-like fingerprints (bit 0, the DC slot, always clear) in tight clusters: 40 centres with 20-200
    /// members each 0-12 bits away, exact copies among them, and a centre's bits shared in part with the next
    /// centre's, so a query has many neighbours at every distance and buckets are crowded.
    static func clusteredLibrary(seed: UInt64) -> [(id: Int, fingerprint: VisualFingerprint)] {
        var random = TestRandom(seed: seed)
        var bits: [UInt64] = []
        var centre = random.next() & ~1
        for _ in 0..<40 {
            centre = (centre & random.next() | random.next() & ~centre & random.next()) & ~1
            for member in 0..<(20 + random.next() % 180) {
                var variant = centre
                if member % 7 != 0 {
                    for _ in 0..<(random.next() % 13) { variant ^= 1 << (1 + random.next() % 63) }
                }
                bits.append(variant)
            }
        }
        return entries(bits[...])
    }

    static func entries(_ bits: ArraySlice<UInt64>) -> [(id: Int, fingerprint: VisualFingerprint)] {
        bits.enumerated().map { (id: $0.offset, fingerprint: VisualFingerprint(bits: $0.element)) }
    }

    /// The search must give exactly the scan's answer: the same ids at the same distances, in the same order.
    static func expectSameAsScan(_ entries: [(id: Int, fingerprint: VisualFingerprint)], radius: Int,
                                 querySeed: UInt64) -> Int {
        let index = FingerprintIndex(entries)
        var random = TestRandom(seed: querySeed)
        var found = 0
        for trial in 0..<100 {
            // Half the queries are library members, half are members with a few bits flipped.
            var query = entries[Int(random.next() % UInt64(entries.count))].fingerprint.bits
            if trial % 2 == 1 { for _ in 0..<(random.next() % 6) { query ^= 1 << (random.next() % 64) } }
            let fingerprint = VisualFingerprint(bits: query)
            let expected = entries.compactMap { entry -> (Int, Int)? in
                let d = entry.fingerprint.distance(to: fingerprint)
                return d <= radius ? (d, entry.id) : nil
            }.sorted { $0 < $1 }
            let actual = index.search(fingerprint, within: radius)
            #expect(actual.map { [$0.distance, $0.id] } == expected.map { [$0.0, $0.1] }, "query \(trial)")
            #expect(actual.allSatisfy { $0.fingerprint == entries[$0.id].fingerprint })
            found += actual.count
        }
        return found
    }

    @Test("given random fingerprints, the index finds exactly what a brute-force scan finds, at every radius",
          arguments: Array(0...12) + [16, 20, 40])
    func equalsBruteForce(radius: Int) {
        let found = Self.expectSameAsScan(Self.library(count: 5_000, seed: UInt64(radius) + 1), radius: radius,
                                          querySeed: 99)
        #expect(found >= 50, "every member query finds at least itself")
    }

    @Test("given clustered fingerprints with many near neighbours, the index finds exactly what a scan finds",
          arguments: Array(0...12))
    func clusteredEqualsBruteForce(radius: Int) {
        let library = Self.clusteredLibrary(seed: UInt64(radius) + 7)
        let found = Self.expectSameAsScan(library, radius: radius, querySeed: 5)
        #expect(found >= (radius >= 6 ? 1_000 : 50), "queries in crowded clusters find their neighbours")
    }

    @Test("the searches compared with the scan above go through the tables, not the scan fallback")
    func tablesAreProbed() {
        for library in [Self.library(count: 5_000, seed: 1), Self.clusteredLibrary(seed: 7)] {
            let tables = MultiIndexTables(fingerprints: library.map(\.fingerprint.bits))
            for radius in 0...12 { #expect(tables.plan(for: radius) != nil, "radius \(radius)") }
        }
    }

    @Test("pHash fingerprints are cut into chunks over bits 1-63, the wide first one probed within 2 bits at 10")
    func layoutSkipsConstantBits() {
        let layout = ChunkLayout(varyingBits: ~1)
        #expect(layout.shifts == [1, 16, 28, 40, 52])
        #expect(layout.widths == [15, 12, 12, 12, 12])
        let plan = ProbePlan(radius: 10, layout: layout, count: 100_000)
        #expect(plan?.radii == [2, 1, 1, 1, 1])
        // Chunk 0 lies outside table 1's signature (bits 28-59); chunks 1, 2 and 3 outside those of tables 2-4.
        #expect(plan?.hiddenDistance == [0, 3, 2, 2, 2])
    }

    @Test("an index of identical fingerprints finds all of them, however crowded the bucket")
    func identicalFingerprints() {
        let entries = (0..<300).map { (id: $0, fingerprint: VisualFingerprint(bits: 0x5A5A_0F0F_3C3C_F0F0)) }
        let index = FingerprintIndex(entries)
        #expect(index.search(VisualFingerprint(bits: 0x5A5A_0F0F_3C3C_F0F1), within: 1).map(\.id) == Array(0..<300))
        #expect(index.search(VisualFingerprint(bits: 0x5A5A_0F0F_3C3C_F0F1), within: 0).isEmpty)
    }

    @Test("an empty index finds nothing; a negative radius finds nothing")
    func edges() {
        let empty = FingerprintIndex<Int>([])
        #expect(empty.search(VisualFingerprint(bits: 0), within: 10).isEmpty)
        let one = FingerprintIndex([(id: "a", fingerprint: VisualFingerprint(bits: 0xFF))])
        #expect(one.search(VisualFingerprint(bits: 0xFF), within: -1).isEmpty)
        #expect(one.search(VisualFingerprint(bits: 0x0F), within: 4).map(\.id) == ["a"])
        #expect(one.search(VisualFingerprint(bits: 0x0F), within: 3).isEmpty)
    }
}
