import Benchmarking
import Captures
import FingerprintStages

/// All queries of a library answered one way: by the index, by the previous four-table index, or by a scan of
/// every fingerprint (the baseline). Each query's matches are sorted nearest first and turned into ids, as
/// `FingerprintIndex.search` does.
struct SimilarBenchmark: Benchmark {
    enum Method { case scan, index, previousIndex }

    let name: String
    let index: FingerprintIndex<Int>
    let previous: PreviousIndex
    let queries: [VisualFingerprint]
    let radius: Int
    let method: Method

    /// Answers every query; returns how many (the harness's items), the matches going to `Checksum`.
    func run() -> Int {
        var total = 0
        for query in queries {
            switch method {
            case .scan:
                for match in index.scan(query, within: radius) { total &+= match.id &* 31 &+ match.distance }
            case .index:
                for match in index.search(query, within: radius) { total &+= match.id &* 31 &+ match.distance }
            case .previousIndex:
                for match in previousMatches(query) { total &+= match.id &* 31 &+ match.distance }
            }
        }
        Checksum.shared.add(total)
        return queries.count
    }

    /// The previous index's answer in `FingerprintIndex`'s order (ids are positions here).
    func previousMatches(_ query: VisualFingerprint) -> [(id: Int, distance: Int)] {
        var found: [(position: Int, distance: Int)] = []
        previous.search(query.bits, radius: radius, into: &found)
        return found.sorted { ($0.distance, $0.position) < ($1.distance, $1.position) }
            .map { (id: $0.position, distance: $0.distance) }
    }
}
