// The vector scan alone (issue 13's hybrid search), against the scan it replaced: one row at a time, every score
// sorted. The two must choose the same rows with the same scores.
import Benchmarking
import Foundation
import Store

/// Times the 8-bit vector scan against full precision and the previous sorting scan, on `queries.count` random
/// query vectors, and records the comparisons in `json`.
@MainActor func vectorScanSection(table: VectorTable) throws {
    let flat = try store.vectors(model: model).flatMap(\.values)
    /// The previous scan: a SIMD16 dot product per row, then a sort of every score.
    @MainActor func nearestBySorting(_ query: [Float], count: Int) -> [String: Float] {
        // Locals, as the library's fields were: a top-level global read in the inner loop would slow the copy.
        let ids = table.ids, size = dimension, rowsCount = ids.count
        var scored: [(Int, Float)] = []
        scored.reserveCapacity(rowsCount)
        flat.withUnsafeBufferPointer { rows in
            query.withUnsafeBufferPointer { q in
                let rowsBase = UnsafeRawPointer(rows.baseAddress!), queryBase = UnsafeRawPointer(q.baseAddress!)
                for row in 0..<rowsCount {
                    let base = row * size
                    var lanesSum = SIMD16<Float>()
                    var k = 0
                    while k < size {
                        lanesSum += rowsBase.loadUnaligned(fromByteOffset: (base + k) * 4, as: SIMD16<Float>.self)
                            * queryBase.loadUnaligned(fromByteOffset: k * 4, as: SIMD16<Float>.self)
                        k += 16
                    }
                    scored.append((row, lanesSum.sum()))
                }
            }
        }
        scored.sort { $0.1 > $1.1 }
        return Dictionary(uniqueKeysWithValues: scored.prefix(count).map { (ids[$0.0], $0.1) })
    }
    var scanTimes: [Double] = [], sortingTimes: [Double] = []
    var differing = 0
    var singleTimes: [Double] = [], differingSingle = 0
    var exactTimes: [Double] = [], differingExact = 0, found = 0, wanted = 0
    var scanCPU: [Double] = [], exactCPU: [Double] = []
    /// The process's CPU seconds so far, every thread's.
    func processCPU() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
    for index in 0..<queries.count {
        let vector = unitVector(&random)
        var fast: [String: Float] = [:], slow: [String: Float] = [:]
        // Alternate which runs first, so neither always meets a warm cache.
        if index % 2 == 0 {
            scanTimes.append(seconds { fast = table.nearest(to: vector, count: 200, minimum: -1) })
            sortingTimes.append(seconds { slow = nearestBySorting(vector, count: 200) })
        } else {
            sortingTimes.append(seconds { slow = nearestBySorting(vector, count: 200) })
            scanTimes.append(seconds { fast = table.nearest(to: vector, count: 200, minimum: -1) })
        }
        if fast != slow { differing += 1 }
        var single: [String: Float] = [:]
        singleTimes.append(seconds { single = table.nearest(to: vector, count: 200, minimum: -1, parts: 2) })
        if single != fast { differingSingle += 1 }
        var exact: [String: Float] = [:]
        var cpuStart = processCPU()
        _ = table.nearest(to: vector, count: 200, minimum: -1)
        scanCPU.append(processCPU() - cpuStart)
        cpuStart = processCPU()
        exactTimes.append(seconds { exact = table.nearestExactly(to: vector, count: 200, minimum: -1) })
        exactCPU.append(processCPU() - cpuStart)
        found += fast.keys.filter { exact[$0] != nil }.count
        wanted += exact.count
        if exact != fast { differingExact += 1 }
    }
    print(String(format: "vector scan, 8-bit + exact rescoring vs full precision (threads as available): p50 %.1f vs "
                 + "%.1f ms, p95 %.1f vs %.1f ms, p95 ratio %.2fx; recall of the top 200: %d of %d (%.4f); "
                 + "%d of %d queries differ in rows or scores", percentile(scanTimes, 0.5) * 1000,
                 percentile(exactTimes, 0.5) * 1000, percentile(scanTimes, 0.95) * 1000,
                 percentile(exactTimes, 0.95) * 1000, percentile(exactTimes, 0.95) / percentile(scanTimes, 0.95),
                 found, wanted, Double(found) / Double(max(1, wanted)), differingExact, queries.count))
    print(String(format: "  CPU of the process: 8-bit + rescoring p50 %.1f ms, p95 %.1f ms; full precision p50 %.1f ms, "
                 + "p95 %.1f ms", percentile(scanCPU, 0.5) * 1000, percentile(scanCPU, 0.95) * 1000,
                 percentile(exactCPU, 0.5) * 1000, percentile(exactCPU, 0.95) * 1000))
    json.comparisons.append(Comparison(baseline: result("vector scan, full precision", exactTimes),
                                       candidate: result("vector scan, 8-bit + exact rescoring", scanTimes)))
    json.notes.append("vector scan: recall of the top 200 against the full-precision scan \(found) of \(wanted); "
                      + "\(differingExact) of \(queries.count) queries differ")
    print(String(format: "vector scan, 8-bit pass in two parts on two threads: p50 %.1f ms, p95 %.1f ms; two parts / one p95 %.2fx; "
                 + "%d of %d queries differ", percentile(singleTimes, 0.5) * 1000, percentile(singleTimes, 0.95) * 1000,
                 percentile(singleTimes, 0.95) / percentile(scanTimes, 0.95), differingSingle, queries.count))
    print(String(format: "vector scan alone: p50 %.1f ms, p95 %.1f ms; previous scan (sort every score): p50 %.1f ms, "
                 + "p95 %.1f ms; p95 ratio %.2fx; %d of %d queries chose different rows or scores",
                 percentile(scanTimes, 0.5) * 1000, percentile(scanTimes, 0.95) * 1000,
                 percentile(sortingTimes, 0.5) * 1000, percentile(sortingTimes, 0.95) * 1000,
                 percentile(sortingTimes, 0.95) / percentile(scanTimes, 0.95), differing, queries.count))

    json.comparisons.append(Comparison(baseline: result("vector scan alone, previous (sort every score)", sortingTimes),
                                       candidate: result("vector scan alone", scanTimes)))
    json.comparisons.append(Comparison(baseline: result("vector scan alone", scanTimes),
                                       candidate: result("vector scan, 8-bit pass in two parts", singleTimes)))
    json.notes.append("vector scan: \(differing) of \(queries.count) queries chose different rows or scores; "
                      + "two parts: \(differingSingle) differ")
}
