import Captures
import FingerprintStages
import Testing

@Suite("Fingerprint index")
struct FingerprintIndexTests {
    /// Random fingerprints with planted near-duplicates, so searches find something at small radii.
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
        return bits.prefix(count).enumerated().map { (id: $0.offset, fingerprint: VisualFingerprint(bits: $0.element)) }
    }

    @Test("given random fingerprints, the index finds exactly what a brute-force scan finds, at every radius",
          arguments: [0, 1, 3, 4, 7, 8, 10, 12, 20])
    func equalsBruteForce(radius: Int) {
        let entries = Self.library(count: 5_000, seed: UInt64(radius) + 1)
        let index = FingerprintIndex(entries)
        var random = TestRandom(seed: 99)
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
        #expect(found >= 50, "every member query finds at least itself")
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
