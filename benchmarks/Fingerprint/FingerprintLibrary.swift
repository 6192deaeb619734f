import TestSupport
import Captures
import FingerprintStages

/// A library of fingerprints for the `similar` benchmark: mostly unrelated pictures plus near-duplicate groups
/// (variants 1...12 bits from a base), from a fixed seed.
struct FingerprintLibrary {
    var fingerprints: [VisualFingerprint]
    var queries: [VisualFingerprint]

    init(count: Int, queryCount: Int, seed: UInt64 = 42) {
        var random = SplitMix64(seed: seed)
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
