// Store benchmarks: writing slices, search, export, ledger reads on an index file.
//
//   swift build -c release --product StoreBenchmarks && .build/release/StoreBenchmarks [filter] [--runs N]
//
// Each benchmark: one discarded warm-up, then N timed runs; median and p95 per item, and a ratio to the baseline
// measured in the same run. Results are recorded in benchmarks/store.md.
import Foundation
import Glibc

#if DEBUG
print("warning: debug build; measure with -c release")
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
let runs = arguments.firstIndex(of: "--runs").flatMap { Int(arguments[$0 + 1]) } ?? 7
let filter = arguments.first { !$0.hasPrefix("--") && Int($0) == nil }

func report(_ result: BenchmarkResult, baseline: BenchmarkResult?, unit: String = "item") {
    var line = result.name.padding(toLength: 30, withPad: " ", startingAt: 0)
        + String(format: " wall median %9.1f µs p95 %9.1f µs, CPU median %9.1f µs per %@",
                 result.median * 1e6, result.p95 * 1e6, result.cpuMedian * 1e6, unit)
    if let baseline {
        let wall = baseline.median / result.median, cpu = baseline.cpuMedian / result.cpuMedian
        line += cpu >= 1
            ? String(format: "; %.2fx faster than baseline (wall %.2fx)", cpu, wall)
            : String(format: "; %.1fx the baseline's cost (wall %.1fx)", 1 / cpu, 1 / wall)
    }
    print(line)
}

func selected(_ group: String) -> Bool { filter.map { group.contains($0) } ?? true }

func peakMemoryMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

let records = SyntheticRecords.make(2_000)
print("store benchmarks: \(records.count) synthetic captures, \(runs) runs after one warm-up; per capture unless noted")

if selected("write") {
    let baseline = try measure(WriteBenchmark(records: Array(records.prefix(500)), slice: 1), runs: runs)
    report(baseline, baseline: nil)
    for slice in [10, 50, 500] {
        report(try measure(WriteBenchmark(records: records, slice: slice), runs: runs), baseline: baseline)
    }
}

if selected("search") || selected("export") || selected("signatures") {
    let index = try FilledIndex(records: records)
    if selected("search") {
        for group in SearchBenchmark.groups {
            let hits = try group.queries.map { try index.store.search($0, limit: 100_000).count }
            print("  \(group.name) queries \(group.queries) match \(hits) captures")
            let baseline = try measure(SearchBenchmark(index: index, useFTS: false, group: group.name,
                                                       queries: group.queries), runs: runs)
            report(baseline, baseline: nil, unit: "query")
            report(try measure(SearchBenchmark(index: index, useFTS: true, group: group.name, queries: group.queries),
                               runs: runs), baseline: baseline, unit: "query")
        }
    }
    if selected("export") {
        let baseline = try measure(ExportBenchmark(index: index, encode: false), runs: runs)
        report(baseline, baseline: nil)
        report(try measure(ExportBenchmark(index: index, encode: true), runs: runs), baseline: baseline)
    }
    if selected("signatures") { report(try measure(SignaturesBenchmark(index: index), runs: runs), baseline: nil) }
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
    print(String(format: "memory: peak RSS %.1f MB after 1,000 captures, %.1f MB after 10,000 (%d in the index)",
                 peaks[0], peaks[1], try store.captureCount))
    scratch.remove()
}
