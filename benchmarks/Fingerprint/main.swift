import Benchmarking
import Captures
import FingerprintStages
import Foundation

// FingerprintBenchmarks [--photo PATH.ppm] [--repetitions N] [--only capture|similar] [--json PATH]
//     per-capture (fingerprint + focus) and `similar` (index vs scan) benchmarks, on the shared harness
//     (Benchmarking): one warm-up each, then N rounds alternating baseline and candidates; ratios are medians of
//     the per-round ratios against the baseline of the same run
// FingerprintBenchmarks measure MANIFEST.csv                     fixture measurements for docs/fingerprint.md
// FingerprintBenchmarks focus MANIFEST.csv                       the out-of-focus labelled set (focus-make-labelled)

var arguments = Array(CommandLine.arguments.dropFirst())
do {
    if arguments.first == "measure", arguments.count == 2 {
        try MeasureCommand.run(manifest: arguments[1])
        exit(0)
    }
    if arguments.first == "focus", arguments.count == 2 {
        try FocusLabelledCommand.run(manifest: arguments[1])
        exit(0)
    }
    var photo: String?
    var repetitions = 50
    var only: String?
    var jsonPath: String?
    while let argument = arguments.first {
        arguments.removeFirst()
        switch argument {
        case "--photo": photo = arguments.isEmpty ? nil : arguments.removeFirst()
        case "--repetitions": repetitions = arguments.isEmpty ? 50 : Int(arguments.removeFirst()) ?? 50
        case "--only": only = arguments.isEmpty ? nil : arguments.removeFirst()
        case "--json": jsonPath = arguments.isEmpty ? nil : arguments.removeFirst()
        default:
            FileHandle.standardError.write(Data("unknown argument \(argument)\n".utf8))
            exit(64)
        }
    }
    #if DEBUG
    print("WARNING: debug build; measure with -c release")
    #endif
    var json = BenchmarkReport(name: "FingerprintBenchmarks")
    json.noteLoad("at the start")
    if only != "similar" { try await runPerCapture(photo: photo, repetitions: repetitions, into: &json) }
    if only != "capture" { try await runSimilar(repetitions: repetitions, into: &json) }
    json.noteLoad("at the end")
    if let jsonPath { try json.write(to: jsonPath) }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}

func runPerCapture(photo: String?, repetitions: Int, into json: inout BenchmarkReport) async throws {
    let image = try photo.map { try PPMImage.read(path: $0) } ?? SyntheticPhoto.make()
    print("Per capture, working image \(image.width) x \(image.height) (\(photo ?? "synthetic")), "
          + "\(repetitions) rounds:")
    let baseline = PerCaptureBenchmark(name: "baseline: RGBImage.luma() full size", work: .lumaBaseline, image: image)
    let candidates = [(PerCaptureBenchmark.Work.readBaseline, "reference: read every byte once"),
                      (.fingerprint, "fingerprint (pHash)"), (.focus, "focus (Laplacian, 512 px)"),
                      (.both, "fingerprint + focus")].map { PerCaptureBenchmark(name: $1, work: $0, image: image) }
    let comparisons = try await Comparison.measure(baseline: baseline, candidates: candidates, runs: repetitions)
    json.comparisons += comparisons
    if let first = comparisons.first { report(first.baseline, unit: "capture") }
    for comparison in comparisons { report(comparison.candidate, unit: "capture") }
    if let both = comparisons.last {
        print(String(format: "  fingerprint + focus = %.2fx one full-size luma pass (CPU; wall %.2fx); goal < 2 ms: %@",
                     both.cpuRatio, both.wallRatio, both.candidate.cpuMedian < 2 ? "met" : "NOT met"))
    }
}

func runSimilar(repetitions: Int, into json: inout BenchmarkReport) async throws {
    let library = FingerprintLibrary(count: 100_000, queryCount: 1_000)
    let entries = library.fingerprints.enumerated().map { (id: $0.offset, fingerprint: $0.element) }
    print("\nSimilar over \(entries.count) fingerprints, \(library.queries.count) queries a run:")
    let build = try await BenchmarkResult.measure(IndexBuildBenchmark(entries: entries), runs: max(5, repetitions / 5))
    report(build)
    json.results.append(build)
    let index = FingerprintIndex(entries)
    let previous = PreviousIndex(fingerprints: library.fingerprints.map(\.bits))
    // The three methods are timed in turn, round after round, so each round's ratios compare runs made within
    // a few milliseconds of one another on a shared machine.
    let rounds = max(5, repetitions / 4)
    print("  \(rounds) rounds; a round: the scan, the previous index and the index, each once; time per query")
    for radius in [6, 8, FingerprintMatch.threshold, 12] {
        let methods = [(SimilarBenchmark.Method.scan, "scan (baseline)"), (.previousIndex, "previous index (4 tables)"),
                       (.index, "index (5 tables)")].map { method, name in
            SimilarBenchmark(name: "\(name), radius \(radius)", index: index, previous: previous,
                             queries: library.queries, radius: radius, method: method)
        }
        let comparisons = try await Comparison.measure(baseline: methods[0], candidates: Array(methods.dropFirst()),
                                                       runs: rounds)
        json.comparisons += comparisons
        if let first = comparisons.first { report(first.baseline, unit: "query") }
        for comparison in comparisons {
            report(comparison.candidate, unit: "query")
            print(String(format: "    speed-up vs scan: %.1fx per CPU-second, %.1fx wall (medians of the rounds)",
                         1 / comparison.cpuRatio, 1 / comparison.wallRatio))
        }
        let scanned = library.queries.map { index.scan($0, within: radius) }
        let same = zip(library.queries, scanned).allSatisfy { index.search($0, within: radius) == $1 }
        let samePrevious = zip(library.queries, scanned).allSatisfy { query, scan in
            methods[1].previousMatches(query).elementsEqual(scan) { $0.id == $1.id && $0.distance == $1.distance }
        }
        let found = scanned.reduce(0) { $0 + $1.count }
        let check = String(format: "radius %d: same results as the scan: index %@, previous %@; %.2f matches a query",
                           radius, same ? "yes" : "NO", samePrevious ? "yes" : "NO",
                           Double(found) / Double(library.queries.count))
        print("  " + check)
        json.notes.append(check)
    }
}
