// Search and batch benchmarks on generated captures (issue 13).
//
//   swift run -c release SearchBenchmarks [captures=100000] [queries=200] [index-path] [--json PATH] [--common-only]
//                                         [--profile N] [--indexing-only] [--cli PATH-TO-pool-pipeline [--cli-index PATH]]
//
// Generates captures with text from a 5,000-word vocabulary (Zipf-like), 1-3 of 40 labels, 3 sources, screenshots
// and photos, two years of dates, one in ten with a code, one in twenty out of focus, one in fifty held, and a
// 512-dim unit vector each; then times searches with facets (text alone, then hybrid with a vector scan) and
// streams every batch for a grant. The index is kept at the path given (reused when it has the captures).
// Timings are per-query samples in the shared harness's results (Benchmarking: nearest-rank p50/p95, ratios as
// the median of per-query ratios in the JSON); every comparison runs its sides per query in turn, rotating which
// goes first, after one discarded warm-up query each. `--json PATH` writes them all.
import Benchmarking
import Captures
import Foundation
import Runner
import Store
import TestSupport

let jsonPath = BenchmarkReport.path(in: CommandLine.arguments)
/// `--common-only`: only the common-word comparisons (a quick look at the worst case).
let commonOnly = CommandLine.arguments.contains("--common-only")
/// `--profile N`: only the common-word queries, each searched cold N times in turn, CPU per query (a target for perf).
let profileRounds = CommandLine.arguments.firstIndex(of: "--profile").flatMap { index in
    CommandLine.arguments.dropFirst(index + 1).first.flatMap(Int.init)
}
/// `--indexing-only`: only search while another connection writes slices, and the one-off CLI search with `--cli`.
let indexingOnly = CommandLine.arguments.contains("--indexing-only")
/// `--cli PATH`: also time one-off `PATH search …` processes on the index (the CLI's cost, process start and all).
let cliPath = CommandLine.arguments.firstIndex(of: "--cli").flatMap { CommandLine.arguments.dropFirst($0 + 1).first }
/// `--cli-index PATH`: the index the CLI searches (default: the benchmark's; another copy for an older CLI).
let cliIndex = CommandLine.arguments.firstIndex(of: "--cli-index").flatMap {
    CommandLine.arguments.dropFirst($0 + 1).first
}
let arguments = CommandLine.arguments.dropFirst().enumerated().filter { offset, argument in
    let previous = offset > 0 ? CommandLine.arguments[offset] : ""
    return argument != "--json" && argument != jsonPath && argument != "--common-only" && argument != "--profile"
        && previous != "--profile" && argument != "--indexing-only" && argument != "--cli" && previous != "--cli" && argument != "--cli-index"
        && previous != "--cli-index"
}.map(\.element)
let captureCount = arguments.first.flatMap(Int.init) ?? 100_000
let queryCount = arguments.dropFirst().first.flatMap(Int.init) ?? 200
let path = arguments.dropFirst(2).first ?? "/tmp/search-bench-\(captureCount).sqlite"
let dimension = 512
let model = "bench-clip"

#if DEBUG
print("warning: a debug build; run with -c release")
#endif

var random = SplitMix64(seed: 13)
let vocabulary = (0..<5_000).map { index in
    String((0..<(4 + index % 6)).map { _ in "abcdefghijklmnoprstuvwy".randomElement(using: &random)! })
}
let labels = (0..<40).map { "label\($0)" }
/// A word with a Zipf-like frequency: low indexes are common.
func word(_ random: inout SplitMix64) -> String {
    let u = Double.random(in: 0..<1, using: &random)
    return vocabulary[min(vocabulary.count - 1, Int(pow(Double(vocabulary.count), u)) - 1)]
}
func unitVector(_ random: inout SplitMix64) -> [Float] {
    var values = (0..<dimension).map { _ in Float.random(in: -1...1, using: &random) }
    let norm = sqrt(values.reduce(0) { $0 + $1 * $1 })
    for index in values.indices { values[index] /= norm }
    return values
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// The calling thread's CPU seconds so far (what a query costs on an idle core, whatever the machine's load).
func threadCPU() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func percentile(_ values: [Double], _ p: Double) -> Double { BenchmarkResult.percentile(values, p) }

var json = BenchmarkReport(name: "SearchBenchmarks")
json.noteLoad("at the start")
/// Per-query seconds as a harness result (milliseconds), for the JSON report.
func result(_ name: String, _ times: [Double]) -> BenchmarkResult {
    BenchmarkResult(name: name, wall: times.map { $0 * 1000 })
}

let existing = (try? IndexStore(path: path))
if let existing, (try? existing.captureCount) == captureCount {
    print("reusing \(path) (\(captureCount) captures)")
    existing.close()
} else {
    existing?.close()
    for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
    let store = try IndexStore(path: path)
    let generation = try seconds {
        var slice: [CaptureRecord] = []
        for index in 0..<captureCount {
            let source = ["camera", "screenshots", "downloads"][index % 3]
            let name = "\(source)/img-\(index).png"
            slice.append(generated(index, source: source, name: name))
            if slice.count == 1_000 {
                try store.write(slice)
                slice.removeAll(keepingCapacity: true)
            }
        }
        try store.write(slice)
        for index in stride(from: 3, to: captureCount, by: 50) {
            let source = ["camera", "screenshots", "downloads"][index % 3]
            try store.hold(capture: "\(source):\(source)/img-\(index).png", reason: "bench")
        }
    }
    print("generated \(captureCount) captures in \(String(format: "%.1f", generation)) s")
    store.close()
}

/// Capture `index` of the generated library (text, labels, code, focus and vector drawn from `random`).
@MainActor func generated(_ index: Int, source: String, name: String) -> CaptureRecord {
    let base = Date(timeIntervalSince1970: 1_700_000_000)
    let box = NormalizedRect(x: 0, y: 0, width: 1, height: 1)
    let text = (0..<(8 + index % 24)).map { _ in word(&random) }.joined(separator: " ")
    let chosen = (0..<(1 + index % 3)).map { _ in labels[Int.random(in: 0..<labels.count, using: &random)] }
    let record = CaptureRecord(
        file: CaptureFile(id: CaptureID("\(source):\(name)"), source: source, path: "/lib/\(name)",
                          relativePath: name, byteCount: 1, modified: base, signature: "s\(index)"),
        metadata: CaptureMetadata(date: base.addingTimeInterval(Double(index) * 630), dateSource: .exif,
                                  location: nil, pixelWidth: 10, pixelHeight: 10,
                                  kind: index % 2 == 0 ? .screenshot : .photo, format: "png"),
        text: CaptureText(lines: [TextLine(text: text, box: box, confidence: 0.9)]),
        codes: index % 10 == 0 ? CaptureCodes(codes: [ReadCode(format: "QRCode", payload: [1], text: "code \(index)",
                                                         box: box)]) : nil,
        fingerprint: nil,
        focus: FocusMeasure(sharpness: 10, outOfFocus: index % 20 == 7),
        vector: ImageVector(model: model, values: unitVector(&random)),
        labels: CaptureLabels(labels: Array(Set(chosen)).sorted().map { CaptureLabel(name: $0, confidence: 0.8) }))
    return record
}

let store = try IndexStore(path: path)
// The in-memory copy of the facts common words' searches read (built by the second such search otherwise).
var mirrorCPU = threadCPU()
let mirrorWall = try seconds { _ = try store.prepareForSearching() }
mirrorCPU = threadCPU() - mirrorCPU
print(String(format: "facts mirror built once: wall %.1f ms, CPU %.1f ms", mirrorWall * 1000, mirrorCPU * 1000))
json.notes.append(String(format: "facts mirror built once: wall %.1f ms, CPU %.1f ms", mirrorWall * 1000, mirrorCPU * 1000))
/// Queries of 1-3 words; `ranks` are the vocabulary ranks words are drawn from, uniformly (rank 0 is the most
/// frequent word: in about 8% of the words written, so in most captures).
@MainActor func makeQueries(_ count: Int, ranks: Range<Int>) -> [SearchRequest] {
    (0..<count).map { index in
        let words = (0..<(1 + index % 3)).map { _ in vocabulary[Int.random(in: ranks, using: &random)] }
        var filters = SearchFilters()
        if index % 4 == 1 { filters.kinds = ["screenshot"] }
        if index % 4 == 2 { filters.labels = [labels[index % labels.count]] }
        return SearchRequest(text: words.joined(separator: " "), filters: filters, limit: 20, facets: true)
    }
}
/// Content words (ranks 100-4999: each in up to ~2% of the captures), what people search for.
var queries = makeQueries(queryCount, ranks: 100..<5_000)
/// The most frequent words (ranks 0-19: each in 10-60% of the captures), the worst case.
let common = makeQueries(max(10, queryCount / 5), ranks: 0..<20)

/// Search while another connection writes (captures of source "live", deleted at the end), and the one-off CLI.
@MainActor func indexingSections() throws {
    for line in try searchWhileIndexing(path: path, store: store, queries: common, rounds: 40, slice: 100, record: {
        generated(captureCount + $0, source: "live", name: "live/img-\($0).png")
    }) {
        print(line)
        json.notes.append(line)
    }
    guard let cliPath else { return }
    let words = ["nyahtgn"] + common.prefix(3).map(\.text)
    for line in try cliOneOff(executable: cliPath, index: cliIndex ?? path, words: words, runs: 7) {
        print(line)
        json.notes.append(line)
    }
}
if indexingOnly {
    try indexingSections()
    json.noteLoad("at the end")
    if let jsonPath { try json.write(to: jsonPath) }
    exit(0)
}

if let profileRounds {
    var cpu = [[Double]](repeating: [], count: common.count)
    for _ in 0..<profileRounds {
        for (index, query) in common.enumerated() {
            store.forgetCachedSearches()
            let start = threadCPU()
            _ = try store.search(query)
            cpu[index].append(threadCPU() - start)
        }
    }
    for (index, query) in common.enumerated() {
        print(String(format: "  %@: CPU median %.1f ms", query.text, percentile(cpu[index], 0.5) * 1000))
    }
    let medians = cpu.map { percentile($0, 0.5) }
    print(String(format: "profile: %d rounds, CPU p50 of medians %.1f ms, p95 %.1f ms", profileRounds,
                 percentile(medians, 0.5) * 1000, percentile(medians, 0.95) * 1000))
    exit(0)
}

/// Times every variant on each query in turn (rotating which goes first, after one discarded warm-up query
/// each), prints one line per variant and returns their per-query seconds; the JSON report gets the results,
/// and the later variants' comparisons with the first.
@MainActor func measure(_ variants: [(name: String, run: (SearchRequest) throws -> SearchResults)],
                        _ queries: [SearchRequest] = queries) throws -> [[Double]] {
    for variant in variants { _ = try variant.run(queries[0]) }
    var times = [[Double]](repeating: [], count: variants.count), results = [Int](repeating: 0, count: variants.count)
    for (index, query) in queries.enumerated() {
        for offset in variants.indices {
            let which = (index + offset) % variants.count
            times[which].append(try seconds { results[which] += try variants[which].run(query).total })
        }
    }
    for (which, variant) in variants.enumerated() {
        print(String(format: "%@: p50 %.1f ms, p95 %.1f ms, max %.1f ms (%d queries with facets, %.0f results on average)",
                     variant.name, percentile(times[which], 0.5) * 1000, percentile(times[which], 0.95) * 1000,
                     times[which].max()! * 1000, queries.count, Double(results[which]) / Double(queries.count)))
    }
    let timed = zip(variants, times).map { result($0.name, $1) }
    json.results += timed.count == 1 ? timed : []
    json.comparisons += timed.dropFirst().map { Comparison(baseline: timed[0], candidate: $0) }
    return times
}

// Baseline in the same run: the search this issue replaced (FTS5 match, bm25 order, 20 paths; no visibility,
// filters, facets, snippets or total).
let previousSearch = { (query: SearchRequest) throws -> SearchResults in
    let hits = try store.search(query.text, limit: 20)
    return SearchResults(words: [], total: hits.count, offset: 0, results: [], facets: [:], hybrid: false)
}
let firstTimes = commonOnly ? [[0], [0], [0]] : try measure([
    ("baseline (previous search: match + bm25, 20 paths)", previousSearch),
    ("text, no facets", { query in
        var query = query
        query.facets = false
        return try store.search(query)
    }),
    ("text with facets", { try store.search($0) }),
])
let (baseline, plain, text) = (firstTimes[0], firstTimes[1], firstTimes[2])
let commonTimes = try measure([("common words: baseline", previousSearch),
                               ("common words: text with facets", { try store.search($0) })], common)
let (commonBaseline, commonText) = (commonTimes[0], commonTimes[1])
print(String(format: "common words, text with facets / baseline p95: %.2fx",
             percentile(commonText, 0.95) / percentile(commonBaseline, 0.95)))
print(String(format: "text with facets / baseline p95: %.2fx; without facets / baseline p95: %.2fx",
             percentile(text, 0.95) / percentile(baseline, 0.95), percentile(plain, 0.95) / percentile(baseline, 0.95)))

/// The library's plan against the previous one (`PreviousSearch`, the same SQL as before the facts table) on the
/// same queries in this run, alternating which goes first; every answer is compared (total, page with scores,
/// snippets and fields, facet counts).
@MainActor func compare(_ name: String, _ queries: [SearchRequest], vectors: [[String: Float]]? = nil) throws
    -> (new: [Double], previous: [Double]) {
    var newTimes: [Double] = [], previousTimes: [Double] = []
    var newCPU: [Double] = [], previousCPU: [Double] = []
    var differing: [String] = []
    // The same query again and its next page, answered from the tally the first run kept (SearchCache).
    var repeatCPU: [Double] = [], nextPageCPU: [Double] = [], repeatWall: [Double] = [], nextPageWall: [Double] = []
    var differingCached: [String] = []
    for (index, var query) in queries.enumerated() {
        if let vectors { query.vectorScores = vectors[index] }
        // Every first run is cold: nothing kept from an earlier run of the same words (not timed).
        store.forgetCachedSearches()
        var fresh: Answer?, previous: Answer?
        let runNew = { fresh = Answer(try store.search(query)) }
        let runPrevious = { previous = try PreviousSearch.search(store, query) }
        func cpu(_ body: () throws -> Void, into times: inout [Double]) rethrows -> Double {
            let start = threadCPU()
            let wall = try seconds(body)
            times.append(threadCPU() - start)
            return wall
        }
        if index % 2 == 0 {
            newTimes.append(try cpu(runNew, into: &newCPU))
            previousTimes.append(try cpu(runPrevious, into: &previousCPU))
        } else {
            previousTimes.append(try cpu(runPrevious, into: &previousCPU))
            newTimes.append(try cpu(runNew, into: &newCPU))
        }
        if fresh != previous { differing.append(query.text) }
        var again: Answer?, nextPage: Answer?
        var next = query
        next.offset = query.offset + query.limit
        repeatWall.append(try cpu({ again = Answer(try store.search(query)) }, into: &repeatCPU))
        nextPageWall.append(try cpu({ nextPage = Answer(try store.search(next)) }, into: &nextPageCPU))
        let previousNext = try PreviousSearch.search(store, next)
        if again != previous || nextPage != previousNext {
            differingCached.append(query.text)
        }
        if commonOnly {
            print(String(format: "  %@: %d results, CPU new %.1f ms, previous %.1f ms; again %.1f ms, next page %.1f ms",
                         query.text, fresh?.total ?? 0, newCPU.last! * 1000, previousCPU.last! * 1000,
                         repeatCPU.last! * 1000, nextPageCPU.last! * 1000))
        }
    }
    print(String(format: "%@: new p50 %.1f ms, p95 %.1f ms; previous plan p50 %.1f ms, p95 %.1f ms; "
                 + "previous / new p95 %.2fx; %d of %d answers differ", name,
                 percentile(newTimes, 0.5) * 1000, percentile(newTimes, 0.95) * 1000,
                 percentile(previousTimes, 0.5) * 1000, percentile(previousTimes, 0.95) * 1000,
                 percentile(previousTimes, 0.95) / percentile(newTimes, 0.95), differing.count, queries.count))
    print(String(format: "  CPU of the searching thread: new p50 %.1f ms, p95 %.1f ms; previous plan p50 %.1f ms, "
                 + "p95 %.1f ms", percentile(newCPU, 0.5) * 1000, percentile(newCPU, 0.95) * 1000,
                 percentile(previousCPU, 0.5) * 1000, percentile(previousCPU, 0.95) * 1000))
    print(String(format: "  the same query again: CPU p50 %.1f ms, p95 %.1f ms (wall p95 %.1f ms); its next page: "
                 + "CPU p50 %.1f ms, p95 %.1f ms (wall p95 %.1f ms); %d of %d differ from the previous plan's",
                 percentile(repeatCPU, 0.5) * 1000, percentile(repeatCPU, 0.95) * 1000,
                 percentile(repeatWall, 0.95) * 1000, percentile(nextPageCPU, 0.5) * 1000,
                 percentile(nextPageCPU, 0.95) * 1000, percentile(nextPageWall, 0.95) * 1000,
                 differingCached.count, queries.count))
    for text in differing.prefix(5) { print("  differs: \(text)") }
    for text in differingCached.prefix(5) { print("  differs when repeated or paged: \(text)") }
    json.comparisons.append(Comparison(baseline: result("\(name): previous plan", previousTimes),
                                       candidate: result("\(name): new", newTimes)))
    json.notes.append("\(name): \(differing.count) of \(queries.count) answers differ; repeated or paged: "
                      + "\(differingCached.count)")
    return (newTimes, previousTimes)
}
if !commonOnly { _ = try compare("content words, text + facets, new vs previous plan", queries) }
_ = try compare("common words, text + facets, new vs previous plan", common)
if commonOnly {
    json.noteLoad("at the end")
    if let jsonPath { try json.write(to: jsonPath) }
    exit(0)
}

var table: VectorTable?
let loading = try seconds {
    table = VectorTable(path: path, captureCount: captureCount, vectors: try store.vectors(model: model))
}
print(String(format: "vectors loaded once: %d in %.1f s", table!.ids.count, loading))
// One query vector per query text, the same for both scans.
var hybridVectors: [String: [Float]] = [:]
for query in queries where hybridVectors[query.text] == nil { hybridVectors[query.text] = unitVector(&random) }
let hybridTimes = try measure([
    ("hybrid with facets, previous scan (every vector in full precision) + text", { query in
        var query = query
        query.vectorScores = table!.nearestExactly(to: hybridVectors[query.text]!, count: 200, minimum: -1)
        return try store.search(query)
    }),
    ("hybrid with facets, 8-bit scan + exact rescoring + text", { query in
        var query = query
        query.vectorScores = table!.nearest(to: hybridVectors[query.text]!, count: 200, minimum: -1)
        return try store.search(query)
    }),
])
let hybrid = hybridTimes[1]
print(String(format: "hybrid / text p95: %.2fx; hybrid previous scan / 8-bit scan p95: %.2fx",
             percentile(hybrid, 0.95) / percentile(text, 0.95),
             percentile(hybridTimes[0], 0.95) / percentile(hybrid, 0.95)))
var candidateScores: [[String: Float]] = []
for _ in queries { candidateScores.append(table!.nearest(to: unitVector(&random), count: 200, minimum: -1)) }
_ = try compare("hybrid (text half, same vector candidates), new vs previous plan", queries, vectors: candidateScores)

try vectorScanSection(table: table!)

try indexingSections()

let grant = AccessGrant(app: "bench", sources: ["*"], evidence: true)
var items = 0
var batches = 0
let streaming = try seconds {
    var position: Int64 = 0
    while let batch = try store.nextBatch(for: grant, after: position) {
        items += batch.items.count
        batches += 1
        position = CaptureBatch.position(of: batch.id)!
    }
}
print(String(format: "batches: %d items in %d batches in %.2f s: %.0f items/s", items, batches, streaming,
             Double(items) / streaming))
json.notes.append(String(format: "batches: %d items in %d batches in %.2f s", items, batches, streaming))
json.noteLoad("at the end")
if let jsonPath { try json.write(to: jsonPath) }
store.close()
