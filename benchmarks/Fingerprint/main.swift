import Captures
import FingerprintStages
import Foundation

// FingerprintBenchmarks [--photo PATH.ppm] [--repetitions N] [--only capture|similar]
//     per-capture (fingerprint + focus) and `similar` (index vs scan) benchmarks
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
    while let argument = arguments.first {
        arguments.removeFirst()
        switch argument {
        case "--photo": photo = arguments.isEmpty ? nil : arguments.removeFirst()
        case "--repetitions": repetitions = arguments.isEmpty ? 50 : Int(arguments.removeFirst()) ?? 50
        case "--only": only = arguments.isEmpty ? nil : arguments.removeFirst()
        default:
            FileHandle.standardError.write(Data("unknown argument \(argument)\n".utf8))
            exit(64)
        }
    }
    #if DEBUG
    print("WARNING: debug build; measure with -c release")
    #endif
    if only != "similar" { try runPerCapture(photo: photo, repetitions: repetitions) }
    if only != "capture" { try runSimilar(repetitions: repetitions) }
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(1)
}

func runPerCapture(photo: String?, repetitions: Int) throws {
    let runner = BenchmarkRunner(repetitions: repetitions)
    let image = try photo.map { try PPMImage.read(path: $0) } ?? SyntheticPhoto.make()
    print("Per capture, working image \(image.width) x \(image.height) (\(photo ?? "synthetic")):")
    var timings: [PerCaptureBenchmark.Work: BenchmarkRunner.Timing] = [:]
    for (work, name) in [(PerCaptureBenchmark.Work.lumaBaseline, "baseline: RGBImage.luma() full size"),
                         (.readBaseline, "reference: read every byte once"),
                         (.fingerprint, "fingerprint (pHash)"), (.focus, "focus (Laplacian, 512 px)"),
                         (.both, "fingerprint + focus")] {
        var benchmark = PerCaptureBenchmark(name: name, work: work, image: image)
        let timing = try runner.measure(&benchmark)
        timings[work] = timing
        report(timing, unit: "capture")
    }
    if let both = timings[.both], let baseline = timings[.lumaBaseline] {
        print(String(format: "  fingerprint + focus = %.2fx one full-size luma pass; goal < 2 ms: %@",
                     both.median / baseline.median, both.median < 2e-3 ? "met" : "NOT met"))
    }
}

func runSimilar(repetitions: Int) throws {
    let library = FingerprintLibrary(count: 100_000, queryCount: 1_000)
    let entries = library.fingerprints.enumerated().map { (id: $0.offset, fingerprint: $0.element) }
    var build = IndexBuildBenchmark(entries: entries)
    print("\nSimilar over \(entries.count) fingerprints, \(library.queries.count) queries a run:")
    report(try BenchmarkRunner(repetitions: max(5, repetitions / 5)).measure(&build))
    let index = FingerprintIndex(entries)
    let previous = PreviousIndex(fingerprints: library.fingerprints.map(\.bits))
    // The three methods are timed in turn, round after round, so each round's ratios compare runs made within
    // a few milliseconds of one another on a shared machine.
    let rounds = max(5, repetitions / 4)
    print("  \(rounds) rounds; a round: the scan once, each index 5 times (median); CPU time per query")
    for radius in [6, 8, FingerprintMatch.threshold, 12] {
        var methods = [(SimilarBenchmark.Method.scan, "scan (baseline)"), (.previousIndex, "previous index (4 tables)"),
                       (.index, "index (5 tables)")].map { method, name in
            SimilarBenchmark(name: "\(name), radius \(radius)", index: index, previous: previous,
                             queries: library.queries, radius: radius, method: method)
        }
        var timings = [[Double]](repeating: [], count: methods.count)
        for method in methods.indices { _ = methods[method].run() }
        for _ in 0..<rounds {
            for method in methods.indices {
                let runs = BenchmarkRunner(repetitions: method == 0 ? 1 : 5)
                let timing = try runs.measure(&methods[method], warmUp: false)
                timings[method].append(timing.median / Double(library.queries.count))
            }
        }
        for method in methods.indices {
            let ratios = zip(timings[0], timings[method]).map { $0 / $1 }
            print(String(format: "  %@ CPU median %@/query  p95 %@  speed-up vs scan: median of rounds %.1fx",
                         methods[method].name.padding(toLength: 40, withPad: " ", startingAt: 0),
                         formatTime(median(timings[method])), formatTime(percentile95(timings[method])),
                         median(ratios)))
        }
        let scanned = library.queries.map { index.scan($0, within: radius) }
        let same = zip(library.queries, scanned).allSatisfy { index.search($0, within: radius) == $1 }
        let samePrevious = zip(library.queries, scanned).allSatisfy { query, scan in
            methods[1].previousMatches(query).elementsEqual(scan) { $0.id == $1.id && $0.distance == $1.distance }
        }
        let found = scanned.reduce(0) { $0 + $1.count }
        print(String(format: "  radius %d: same results as the scan: index %@, previous %@; %.2f matches a query",
                     radius, same ? "yes" : "NO", samePrevious ? "yes" : "NO",
                     Double(found) / Double(library.queries.count)))
    }
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func percentile95(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.up)) - 1)]
}
