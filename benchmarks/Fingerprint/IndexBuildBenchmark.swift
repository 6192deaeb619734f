import Captures
import FingerprintStages

/// Building the index from the library's fingerprints.
struct IndexBuildBenchmark: Benchmark {
    let name = "build index (100,000)"
    let entries: [(id: Int, fingerprint: VisualFingerprint)]

    mutating func setUp() throws {}

    func run() -> Int { FingerprintIndex(entries).count }
}
