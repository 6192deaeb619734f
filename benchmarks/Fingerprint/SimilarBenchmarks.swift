import Captures
import FingerprintStages

/// A library of fingerprints for the `similar` benchmark: mostly unrelated pictures plus near-duplicate groups
/// (variants 1...12 bits from a base), from a fixed seed.
struct FingerprintLibrary {
    var fingerprints: [VisualFingerprint]
    var queries: [VisualFingerprint]

    init(count: Int, queryCount: Int, seed: UInt64 = 42) {
        var random = SplitMix(state: seed)
        var fingerprints: [VisualFingerprint] = []
        fingerprints.reserveCapacity(count)
        while fingerprints.count < count {
            let base = random.next() & ~1
            fingerprints.append(VisualFingerprint(bits: base))
            if random.next() % 5 == 0 {
                for _ in 0..<(1 + random.next() % 4) where fingerprints.count < count {
                    var variant = base
                    for _ in 0..<(1 + random.next() % 12) { variant ^= 1 << (1 + random.next() % 63) }
                    fingerprints.append(VisualFingerprint(bits: variant))
                }
            }
        }
        self.fingerprints = fingerprints
        queries = (0..<queryCount).map { _ in fingerprints[Int(random.next() % UInt64(count))] }
    }
}

struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// All queries of a library answered by the index, or by a scan of every fingerprint (the baseline).
struct SimilarBenchmark: Benchmark {
    let name: String
    let index: FingerprintIndex<Int>
    let queries: [VisualFingerprint]
    let radius: Int
    let useIndex: Bool

    mutating func setUp() throws {}

    func run() -> Int {
        var total = 0
        for query in queries {
            let matches = useIndex ? index.search(query, within: radius) : index.scan(query, within: radius)
            for match in matches { total &+= match.id &* 31 &+ match.distance }
        }
        return total
    }
}

/// Building the index from the library's fingerprints.
struct IndexBuildBenchmark: Benchmark {
    let name = "build index (100,000)"
    let entries: [(id: Int, fingerprint: VisualFingerprint)]

    mutating func setUp() throws {}

    func run() -> Int { FingerprintIndex(entries).count }
}
