import Dispatch
import Foundation
import Runner
import Synchronization

/// Image vectors held in one contiguous array, compared by dot product (they are unit length).
///
/// `nearest` first scans an 8-bit copy (`QuantizedRows`, a quarter of the bytes) that bounds every row's exact
/// score, then rescores in full precision only the rows whose upper bound reaches the best `count` lower bounds:
/// the same rows and scores as the full scan (`nearestExactly`), which reads four rows per pass so each
/// sixteen-lane block of the query is loaded once for four rows, and keeps the best `count` in a bounded heap
/// instead of sorting every score. Each row's sum is formed exactly as a single-row loop would (same lanes, same
/// order), so the scores and the chosen rows never depend on which path found them.
public struct VectorTable: Sendable {
    public let path: String
    public let captureCount: Int
    public let ids: [String]
    let dimension: Int
    let values: [Float]
    let quantized: QuantizedRows

    public init(path: String, captureCount: Int, vectors: [(capture: CaptureID, values: [Float])]) {
        self.path = path
        self.captureCount = captureCount
        let dimension = vectors.first?.values.count ?? 0
        let kept = vectors.filter { $0.values.count == dimension }
        self.dimension = dimension
        ids = kept.map(\.capture.rawValue)
        values = kept.flatMap(\.values)
        quantized = QuantizedRows(values: values, dimension: dimension)
    }

    /// The `count` rows most similar to `query`, at least `minimum` (ties: the earlier row): the rows and scores of
    /// `nearestExactly`, found by bounding every row from its 8-bit copy and rescoring only those that can reach the
    /// best (`parts`: the first pass in that many parts on as many threads; default one).
    ///
    /// Why it is the same: let `L` be the `count`-th highest lower bound among rows whose lower bound is at least
    /// `minimum`. At least `count` rows then score at least `L`, so every row of the exact answer scores at least
    /// `L` and its upper bound does too; rescoring every row whose upper bound reaches `max(L, minimum)`, offered in
    /// row order, keeps exactly the best `count` of a set that holds the whole exact answer.
    public func nearest(to query: [Float], count: Int, minimum: Float, parts: Int? = nil) -> [String: Float] {
        guard query.count == dimension, dimension > 0, count > 0 else { return [:] }
        guard let coded = quantized.quantize(query) else {
            return nearestExactly(to: query, count: count, minimum: minimum, parts: parts)
        }
        let rowCount = ids.count
        // One thread unless asked: the 8-bit pass reads a quarter of the bytes, and on a machine whose cores are
        // busy, waiting for the slowest of several parts cost more at p95 than it saved (benchmarks/README.md).
        let wanted = parts ?? 1
        let partCount = rowCount >= Self.rowsPerPart * 2 ? max(1, min(wanted, rowCount / Self.rowsPerPart)) : 1
        let collected = Mutex([Bounded](repeating: Bounded(highs: [], lows: []), count: partCount))
        DispatchQueue.concurrentPerform(iterations: partCount) { part in
            let start = rowCount * part / partCount, end = rowCount * (part + 1) / partCount
            let bounded = bound(coded, rows: start..<end, count: count, minimum: Double(minimum))
            collected.withLock { $0[part] = bounded }
        }
        let found = collected.withLock { $0 }
        let lows = found.flatMap(\.lows)
        var threshold = Double(minimum)
        if lows.count >= count {
            threshold = max(threshold, lows.sorted(by: >)[count - 1])
        }
        var best = TopScores(capacity: count)
        values.withUnsafeBufferPointer { rows in
            query.withUnsafeBufferPointer { q in
                var row = 0
                for part in found {
                    for high in part.highs {
                        if high >= threshold {
                            let sum = dot(rows.baseAddress!, row, q.baseAddress!)
                            if sum >= minimum { best.offer(row, sum) }
                        }
                        row += 1
                    }
                }
            }
        }
        return Dictionary(uniqueKeysWithValues: best.entries.map { (ids[$0.row], $0.score) })
    }

    /// One part's first pass: every row's upper bound, in row order, and the best `count` lower bounds that reach
    /// `minimum`.
    private struct Bounded: Sendable {
        var highs: [Double]
        var lows: [Double]
    }

    private func bound(_ coded: QuantizedRows.Query, rows range: Range<Int>, count: Int, minimum: Double) -> Bounded {
        var highs = [Double](repeating: 0, count: range.count)
        var lows = HighestValues(capacity: count)
        quantized.codes.withUnsafeBytes { codes in
            coded.codes.withUnsafeBytes { q in
                for row in range {
                    let integer = quantized.integerDot(codes.baseAddress!, row, q.baseAddress!)
                    let (low, high) = quantized.bounds(row: row, integer: integer, query: coded)
                    highs[row - range.lowerBound] = high
                    if low >= minimum { lows.offer(low) }
                }
            }
        }
        return Bounded(highs: highs, lows: lows.values)
    }

    /// The exact scan: the `count` rows most similar to `query`, at least `minimum` (ties: the earlier row), every
    /// row's score in full precision.
    ///
    /// A large table is scanned in contiguous parts on several threads (`parts`, default one per active core, at
    /// most four), each keeping its own best `count`; the union of those holds the overall best, so merging them by
    /// (score, then earlier row) chooses exactly the rows and scores one scan would.
    public func nearestExactly(to query: [Float], count: Int, minimum: Float, parts: Int? = nil) -> [String: Float] {
        guard query.count == dimension, dimension > 0, count > 0 else { return [:] }
        let rowCount = ids.count
        let wanted = parts ?? min(4, ProcessInfo.processInfo.activeProcessorCount)
        let partCount = rowCount >= Self.rowsPerPart * 2 ? max(1, min(wanted, rowCount / Self.rowsPerPart)) : 1
        let collected = Mutex([[TopScores.Entry]](repeating: [], count: partCount))
        DispatchQueue.concurrentPerform(iterations: partCount) { part in
            let start = rowCount * part / partCount, end = rowCount * (part + 1) / partCount
            let entries = scan(query, rows: start..<end, count: count, minimum: minimum)
            collected.withLock { $0[part] = entries }
        }
        let found = collected.withLock { $0 }
        let best = partCount == 1 ? found[0] : found.joined()
            .sorted { $0.score != $1.score ? $0.score > $1.score : $0.row < $1.row }.prefix(count).map { $0 }
        return Dictionary(uniqueKeysWithValues: best.map { (ids[$0.row], $0.score) })
    }

    /// Rows below this many per part are scanned on one thread (a thread's start costs more than its share).
    static let rowsPerPart = 8_192

    /// The best `count` of `rows` (best first), four rows per pass, then the tail one at a time.
    private func scan(_ query: [Float], rows range: Range<Int>, count: Int, minimum: Float) -> [TopScores.Entry] {
        var best = TopScores(capacity: count)
        values.withUnsafeBufferPointer { rows in
            query.withUnsafeBufferPointer { q in
                var row = range.lowerBound
                while row + 4 <= range.upperBound {
                    let sums = dot4(rows.baseAddress!, row, q.baseAddress!)
                    for lane in 0..<4 where sums[lane] >= minimum { best.offer(row + lane, sums[lane]) }
                    row += 4
                }
                while row < range.upperBound {
                    let sum = dot(rows.baseAddress!, row, q.baseAddress!)
                    if sum >= minimum { best.offer(row, sum) }
                    row += 1
                }
            }
        }
        return best.entries
    }

    /// One row's dot product with the query: sixteen products at a time in SIMD lanes, then the tail.
    private func dot(_ rows: UnsafePointer<Float>, _ row: Int, _ query: UnsafePointer<Float>) -> Float {
        let lanes = dimension / 16 * 16
        let a = UnsafeRawPointer(rows + row * dimension), b = UnsafeRawPointer(query)
        var lanesSum = SIMD16<Float>()
        var k = 0
        while k < lanes {
            lanesSum += a.loadUnaligned(fromByteOffset: k * 4, as: SIMD16<Float>.self)
                * b.loadUnaligned(fromByteOffset: k * 4, as: SIMD16<Float>.self)
            k += 16
        }
        var sum = lanesSum.sum()
        while k < dimension {
            sum += rows[row * dimension + k] * query[k]
            k += 1
        }
        return sum
    }

    /// Four consecutive rows' dot products, each summed exactly as `dot` sums one row.
    private func dot4(_ rows: UnsafePointer<Float>, _ row: Int, _ query: UnsafePointer<Float>) -> SIMD4<Float> {
        let lanes = dimension / 16 * 16
        let b = UnsafeRawPointer(query)
        let a0 = UnsafeRawPointer(rows + row * dimension), a1 = a0 + dimension * 4
        let a2 = a1 + dimension * 4, a3 = a2 + dimension * 4
        var s0 = SIMD16<Float>(), s1 = SIMD16<Float>(), s2 = SIMD16<Float>(), s3 = SIMD16<Float>()
        var k = 0
        while k < lanes {
            let q = b.loadUnaligned(fromByteOffset: k * 4, as: SIMD16<Float>.self)
            s0 += a0.loadUnaligned(fromByteOffset: k * 4, as: SIMD16<Float>.self) * q
            s1 += a1.loadUnaligned(fromByteOffset: k * 4, as: SIMD16<Float>.self) * q
            s2 += a2.loadUnaligned(fromByteOffset: k * 4, as: SIMD16<Float>.self) * q
            s3 += a3.loadUnaligned(fromByteOffset: k * 4, as: SIMD16<Float>.self) * q
            k += 16
        }
        var sums = SIMD4<Float>(s0.sum(), s1.sum(), s2.sum(), s3.sum())
        while k < dimension {
            for lane in 0..<4 { sums[lane] += rows[(row + lane) * dimension + k] * query[k] }
            k += 1
        }
        return sums
    }
}
