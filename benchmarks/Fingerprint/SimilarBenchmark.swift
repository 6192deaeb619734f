import Captures
import FingerprintStages

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
