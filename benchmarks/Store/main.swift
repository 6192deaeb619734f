// Store benchmarks: writing slices, search, export, ledger reads on an index file.
//
//   swift build -c release --product StoreBenchmarks && .build/release/StoreBenchmarks [filter] [--runs N] [--json PATH]
//
// On the shared harness (Benchmarking): each benchmark gets one discarded warm-up, then N timed runs alternating
// with its baseline's; median and p95 per item, and the ratio to the baseline measured in the same run (median of
// the per-round ratios). Results are recorded in benchmarks/store.md.
import Benchmarking
import Foundation
import Glibc

#if DEBUG
print("warning: debug build; measure with -c release")
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
let runs = arguments.firstIndex(of: "--runs").flatMap { Int(arguments[$0 + 1]) } ?? 7
let jsonPath = BenchmarkReport.path(in: arguments)
let filter = arguments.first { !$0.hasPrefix("--") && Int($0) == nil && $0 != jsonPath }
var json = BenchmarkReport(name: "StoreBenchmarks")
json.noteLoad("at the start")

func selected(_ group: String) -> Bool { filter.map { group.contains($0) } ?? true }

func peakMemoryMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

let records = SyntheticRecords.make(2_000)
print("store benchmarks: \(records.count) synthetic captures, \(runs) runs after one warm-up; per capture unless noted")

if selected("write") {
    json.comparisons += try await compare(
        baseline: WriteBenchmark(records: Array(records.prefix(500)), slice: 1),
        candidates: [10, 50, 500].map { WriteBenchmark(records: records, slice: $0) }, runs: runs)
}

if selected("search") || selected("export") || selected("signatures") {
    let index = try FilledIndex(records: records)
    if selected("search") {
        for group in SearchBenchmark.groups {
            let hits = try group.queries.map { try index.store.search($0, limit: 100_000).count }
            print("  \(group.name) queries \(group.queries) match \(hits) captures")
            json.comparisons += try await compare(
                baseline: SearchBenchmark(index: index, useFTS: false, group: group.name, queries: group.queries),
                candidates: [SearchBenchmark(index: index, useFTS: true, group: group.name, queries: group.queries)],
                runs: runs, unit: "query")
        }
    }
    if selected("export") {
        json.comparisons += try await compare(baseline: ExportBenchmark(index: index, encode: false),
                                              candidates: [ExportBenchmark(index: index, encode: true)], runs: runs)
    }
    if selected("signatures") {
        let result = try await BenchmarkResult.measure(SignaturesBenchmark(index: index), runs: runs)
        report(result)
        json.results.append(result)
    }
}

if selected("memory") {
    // Peak resident memory while writing 10,000 captures in slices of 50: generated slice by slice, so the
    // figure shows the store's own growth, not the test data's.
    let scratch = ScratchIndex()
    let store = try scratch.open()
    var peaks: [Double] = []
    for batch in 0..<20 {
        let slice = SyntheticRecords.make(500, prefix: "batch\(batch)")
        for start in stride(from: 0, to: slice.count, by: 50) { try store.write(Array(slice[start..<start + 50])) }
        if batch == 1 || batch == 19 { peaks.append(peakMemoryMegabytes()) }
    }
    // Peak RSS counts the whole process: run `StoreBenchmarks memory` alone for the store's own figure.
    let memory = String(format: "memory: peak RSS %.1f MB after 1,000 captures, %.1f MB after 10,000 (%d in the index)",
                        peaks[0], peaks[1], try store.captureCount) + (filter == nil ? " (process peak so far)" : "")
    print(memory)
    json.notes.append(memory)
    scratch.remove()
}
json.noteLoad("at the end")
if let jsonPath { try json.write(to: jsonPath) }
