import Captures
import FingerprintStages
import Foundation

// FingerprintBenchmarks [--photo PATH.ppm] [--repetitions N] [--only capture|similar]
//     per-capture (fingerprint + focus) and `similar` (index vs scan) benchmarks
// FingerprintBenchmarks measure MANIFEST.csv                     fixture measurements for docs/fingerprint.md

var arguments = Array(CommandLine.arguments.dropFirst())
do {
    if arguments.first == "measure", arguments.count == 2 {
        try MeasureCommand.run(manifest: arguments[1])
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
    let runner = BenchmarkRunner(repetitions: repetitions)
    let library = FingerprintLibrary(count: 100_000, queryCount: 1_000)
    let entries = library.fingerprints.enumerated().map { (id: $0.offset, fingerprint: $0.element) }
    var build = IndexBuildBenchmark(entries: entries)
    print("\nSimilar over \(entries.count) fingerprints, \(library.queries.count) queries a run:")
    report(try BenchmarkRunner(repetitions: max(5, repetitions / 5)).measure(&build))
    let index = FingerprintIndex(entries)
    for radius in [6, 8, FingerprintMatch.threshold, 12] {
        var scan = SimilarBenchmark(name: "scan, radius \(radius) (baseline)", index: index,
                                    queries: library.queries, radius: radius, useIndex: false)
        var search = SimilarBenchmark(name: "index, radius \(radius)", index: index,
                                      queries: library.queries, radius: radius, useIndex: true)
        let scanRuns = BenchmarkRunner(repetitions: max(5, repetitions / 5))
        let scanTiming = try scanRuns.measure(&scan)
        let searchTiming = try runner.measure(&search)
        let same = library.queries.allSatisfy { index.search($0, within: radius) == index.scan($0, within: radius) }
        let found = library.queries.reduce(0) { $0 + index.search($1, within: radius).count }
        report(scanTiming, per: library.queries.count, unit: "query")
        report(searchTiming, per: library.queries.count, unit: "query")
        print(String(format: "  radius %d: index %.1fx faster than scan; same results: %@; %.2f matches a query",
                     radius, scanTiming.median / searchTiming.median, same ? "yes" : "NO",
                     Double(found) / Double(library.queries.count)))
    }
}
