import Benchmarking
import Captures
import FingerprintStages

/// Building the index from the library's fingerprints (one item: the whole build).
struct IndexBuildBenchmark: Benchmark {
    let name = "build index (100,000)"
    let entries: [(id: Int, fingerprint: VisualFingerprint)]

    func run() -> Int {
        Checksum.shared.add(FingerprintIndex(entries).count)
        return 1
    }
}
