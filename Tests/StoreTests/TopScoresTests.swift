import Runner
import TestSupport
import Testing
@testable import Store

@Suite("Top scores of the vector scan")
struct TopScoresTests {
    /// A reference: every score, sorted best first with ties to the earlier row, cut to `count`.
    static func reference(_ scores: [Float], count: Int, minimum: Float) -> [TopScores.Entry] {
        let kept = scores.enumerated().filter { $0.element >= minimum }.map { TopScores.Entry(row: $0.offset, score: $0.element) }
        return Array(kept.sorted { ($0.score, -$0.row) > ($1.score, -$1.row) }.prefix(count))
    }

    @Test("The bounded heap keeps what sorting every score keeps, ties going to the earlier row",
          arguments: [0, 1, 7, 200, 1_000])
    func heapEqualsSort(count: Int) {
        var random = SplitMix64(seed: UInt64(count + 1))
        // Few distinct values, so ties are everywhere, including at the cut.
        let scores = (0..<997).map { _ in Float(Int.random(in: -20...20, using: &random)) / 4 }
        for minimum: Float in [-.infinity, 0, 3] {
            var top = TopScores(capacity: count)
            for (row, score) in scores.enumerated() where score >= minimum { top.offer(row, score) }
            #expect(top.entries == Self.reference(scores, count: count, minimum: minimum))
        }
    }

    @Test("The four-row scan scores each row exactly as one row alone, for row counts not a multiple of four")
    func scanEqualsSingleRows() {
        var random = SplitMix64(seed: 13)
        for (rowCount, dimension) in [(1, 512), (6, 512), (103, 512), (9, 37), (5, 16)] {
            let vectors = (0..<rowCount).map { row in
                (capture: CaptureID("c\(row)"), values: (0..<dimension).map { _ in Float.random(in: -1...1, using: &random) })
            }
            let query = (0..<dimension).map { _ in Float.random(in: -1...1, using: &random) }
            let table = VectorTable(path: ":memory:", captureCount: rowCount, vectors: vectors)
            // The single-row sum, as the scan before the four-row one formed it.
            let lanes = dimension / 16 * 16
            let exact = vectors.map { vector -> Float in
                var lanesSum = SIMD16<Float>()
                for k in stride(from: 0, to: lanes, by: 16) {
                    lanesSum += SIMD16<Float>(vector.values[k..<k + 16]) * SIMD16<Float>(query[k..<k + 16])
                }
                var sum = lanesSum.sum()
                for k in lanes..<dimension { sum += vector.values[k] * query[k] }
                return sum
            }
            let found = table.nearest(to: query, count: rowCount, minimum: -.infinity)
            #expect(found.count == rowCount)
            for (row, score) in exact.enumerated() { #expect(found["c\(row)"] == score, "row \(row) of \(rowCount)") }
            let top = table.nearest(to: query, count: 3, minimum: -.infinity)
            #expect(Set(top.keys) == Set(Self.reference(exact, count: 3, minimum: -.infinity).map { "c\($0.row)" }))
        }
    }
}
