import Runner
import Testing
import TestSupport
@testable import Store

@Suite("Quantized vector scan")
struct QuantizedScanTests {
    static func unitVector(_ dimension: Int, _ random: inout SplitMix64) -> [Float] {
        var values = (0..<dimension).map { _ in Float.random(in: -1...1, using: &random) }
        let norm = values.reduce(0) { $0 + $1 * $1 }.squareRoot()
        for index in values.indices { values[index] /= norm }
        return values
    }

    /// Random unit rows with repeated rows (equal scores across the parts' boundaries), a row of zeros, a row with
    /// a NaN, one with an infinity and one far from unit length.
    static func table(rows: Int, dimension: Int, seed: UInt64) -> VectorTable {
        var random = SplitMix64(seed: seed)
        var vectors: [(capture: CaptureID, values: [Float])] = []
        for row in 0..<rows {
            var values = row % 7 == 3 && row > 10 ? vectors[row - 10].values : unitVector(dimension, &random)
            if row == 5 { values = [Float](repeating: 0, count: dimension) }
            if row == 17 { values[1] = .nan }
            if row == 29 { values[0] = .infinity }
            if row == 41 { values = values.map { $0 * 1_000 } }
            vectors.append((CaptureID("c\(row)"), values))
        }
        return VectorTable(path: ":memory:", captureCount: rows, vectors: vectors)
    }

    @Test("The 8-bit first pass with exact rescoring chooses exactly the rows and scores of the full scan")
    func sameAsExact() {
        // The last table is large enough to be scanned in parts on several threads.
        for (dimension, rows, trials) in [(64, 3_000, 6), (37, 500, 6), (96, VectorTable.rowsPerPart * 2 + 9, 2)] {
            let table = Self.table(rows: rows, dimension: dimension, seed: UInt64(dimension))
            var random = SplitMix64(seed: 99)
            for trial in 0..<trials {
                var query = Self.unitVector(dimension, &random)
                if trial == 1 { query = table.values.prefix(dimension * 11).suffix(dimension).map { $0 } }
                if trial == 2 { query = query.map { $0 * 1e-20 } }
                for count in [1, 20, 200] {
                    for minimum: Float in [-.infinity, 0.05] {
                        let exact = table.nearestExactly(to: query, count: count, minimum: minimum, parts: 1)
                        for parts in [1, 3] {
                            #expect(table.nearest(to: query, count: count, minimum: minimum, parts: parts) == exact,
                                    "dimension \(dimension), trial \(trial), best \(count) of at least \(minimum)")
                        }
                    }
                }
            }
        }
    }

    @Test("A query with a non-finite value falls back to the full scan")
    func nonFiniteQuery() {
        let table = Self.table(rows: 200, dimension: 16, seed: 3)
        var query = [Float](repeating: 0.25, count: 16)
        query[3] = .nan
        #expect(table.nearest(to: query, count: 10, minimum: -.infinity)
                == table.nearestExactly(to: query, count: 10, minimum: -.infinity))
    }

    @Test("Bounds hold: every row's exact score lies between its lower and upper bound")
    func boundsHold() {
        let dimension = 96
        let table = Self.table(rows: 400, dimension: dimension, seed: 7)
        var random = SplitMix64(seed: 8)
        let query = Self.unitVector(dimension, &random)
        let coded = table.quantized.quantize(query)!
        let all = table.nearestExactly(to: query, count: 400, minimum: -.infinity)
        table.quantized.codes.withUnsafeBytes { codes in
            coded.codes.withUnsafeBytes { q in
                for row in 0..<400 {
                    guard let exact = all["c\(row)"] else { continue }
                    let integer = table.quantized.integerDot(codes.baseAddress!, row, q.baseAddress!)
                    let (low, high) = table.quantized.bounds(row: row, integer: integer, query: coded)
                    #expect(low <= Double(exact) && Double(exact) <= high, "row \(row)")
                    if ![17, 29, 41].contains(row) { #expect(high - low < 0.1, "row \(row): bounds this wide prune nothing") }
                }
            }
        }
    }
}
