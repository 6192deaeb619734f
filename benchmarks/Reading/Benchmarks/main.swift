import Benchmarking
import Foundation
import TextStages

// ReadingBenchmarks [ocr|presence|codes|all] [--screens N] [--photos N] [--rounds N] [--only SUBSTRING|=NAME ...]
//                   [--json PATH]
// ReadingBenchmarks kernels [--rounds N] [--json PATH]: the 8-bit multiply's AVX2 path against the one before, on
//   the network's shapes (KernelBenchmark)
// The timing rows (OCR, presence, codes) are per-capture samples in the shared harness's results (Benchmarking:
// the same nearest-rank median and p95 as every benchmark); `--json PATH` writes them with their raw samples.
// Each timing reads the corpus `--rounds` times (default 3) after one warm-up read, every variant in turn in each
// round (the order reversed every other round), so a change in machine load hits all variants alike; ratios are
// the medians of the per-round ratios against the first variant (the baseline) of the same run.
// ReadingBenchmarks parity FOLDER [--only SUBSTRING ...] [--verbose] [--compare-finders | --our-lines]
//                   [--ours-only] [--rows FILE]   (only the built-in beam reads; every row's read written to FILE)
//   (FOLDER from scripts/parity-corpus.py; --compare-finders: the built-in recogniser on our line finder's lines
//   against the same recogniser on Tesseract's layout analysis; --our-lines: the built-in recogniser on our lines
//   against Tesseract's own recognition on its own layout, as each reads in a pipeline)
// ReadingBenchmarks photos FOLDER [--only SUBSTRING ...] [--verbose]
//   (FOLDER from scripts/photo-text-corpus.py, or any folder of photos without text: the text stage on photos with
//   the scene-text path and with Tesseract's layout, PhotoTextBenchmark.swift)
// ReadingBenchmarks lines IMAGE [--out DIR] [--long-side N]   (one image's line boxes, pieces and reads: a
//   diagnostic; --long-side: the size the image is read at, 1600 unless given; `parity` reads a corpus image at
//   its own size up to 1600)
// Build with: swift build -c release --product ReadingBenchmarks


#if DEBUG
report("warning: debug build; build with -c release for figures worth recording")
#endif

var arguments = Array(CommandLine.arguments.dropFirst())
@MainActor func take(_ flag: String, default fallback: Int) -> Int {
    guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count,
          let value = Int(arguments[index + 1]) else { return fallback }
    arguments.removeSubrange(index...(index + 1))
    return value
}
let screens = take("--screens", default: 10)
let photos = take("--photos", default: 20)
let rounds = take("--rounds", default: 3)
let jsonPath = BenchmarkReport.path(in: arguments)
if let index = arguments.firstIndex(of: "--json") { arguments.removeSubrange(index...min(index + 1, arguments.count - 1)) }
var json = BenchmarkReport(name: "ReadingBenchmarks")
json.noteLoad("at the start")
var only: [String] = []
while let index = arguments.firstIndex(of: "--only"), index + 1 < arguments.count {
    only.append(arguments[index + 1])
    arguments.removeSubrange(index...(index + 1))
}
let which = arguments.first ?? "all"
if which == "parity" {
    guard arguments.count >= 2 else { fatalError("usage: ReadingBenchmarks parity FOLDER (from scripts/parity-corpus.py)") }
    try ParityBenchmark.run(folder: arguments[1], only: only, verbose: arguments.contains("--verbose"),
                            compareFinders: arguments.contains("--compare-finders"),
                            ourLines: arguments.contains("--our-lines"), oursOnly: arguments.contains("--ours-only"),
                            rowsTo: arguments.firstIndex(of: "--rows").flatMap {
                                $0 + 1 < arguments.count ? arguments[$0 + 1] : nil
                            })
    exit(0)
}

if which == "lines" {
    guard arguments.count >= 2 else {
        fatalError("usage: ReadingBenchmarks lines IMAGE [--out DIR] [--long-side N]")
    }
    func value(_ flag: String) -> String? {
        arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }
    try LinesDebug.run(path: arguments[1], out: value("--out"),
                       longSide: value("--long-side").flatMap { Int($0) } ?? 1600)
    exit(0)
}
if which == "photo-rows" {
    try PhotoRowsDump.run(folder: arguments[1], only: only)
    exit(0)
}
if which == "photos" {
    guard arguments.count >= 2 else { fatalError("usage: ReadingBenchmarks photos FOLDER (from scripts/photo-text-corpus.py)") }
    try PhotoTextBenchmark.run(folder: arguments[1], only: only, verbose: arguments.contains("--verbose"))
    exit(0)
}

if which == "kernels" {
    json.comparisons += KernelBenchmark.run(rounds: rounds)
    json.noteLoad("at the end")
    if let jsonPath { try json.write(to: jsonPath) }
    exit(0)
}

let corpus = try Corpus.make(screens: screens, photos: photos)
let words = corpus.samples.reduce(0) { $0 + $1.words.count }
report("corpus: \(screens) phone + \(screens) desktop screenshots (\(words) words), "
    + "\(corpus.samples.filter { $0.kind == "photo" }.count) photos; CPU ms per capture, one worker")
if which == "ocr" || which == "all" {
    report(OCRBenchmark.header)
    let rows = try OCRBenchmark.run(corpus: corpus, only: only, rounds: rounds, verbose: arguments.contains("--verbose"))
    json.results += rows.flatMap(OCRBenchmark.results)
    if let baseline = rows.first {
        json.comparisons += rows.dropFirst().map { Comparison(baseline: baseline.rounds, candidate: $0.rounds) }
    }
}
if which == "presence" || which == "all" {
    // The presence check alone, per capture: its cost and what it decides.
    report("| presence check | ms median / p95 | judged to have text |")
    report("| --- | --- | --- |")
    for kind in ["phone", "desktop", "photo", "sign"] {
        let samples = corpus.samples.filter { $0.kind == kind }
        guard !samples.isEmpty else { continue }
        var times = BenchmarkResult(name: "presence check: \(kind)"), positive = 0
        _ = TesseractTextStage.presenceCheck(samples[0].image)       // warm-up
        for round in 0..<max(1, rounds) {
            for sample in samples {
                let (result, time) = Measure.time { TesseractTextStage.presenceCheck(sample.image) }
                times.cpu.append(time.cpu)
                times.wall.append(time.wall)
                guard round == 0 else { continue }
                if result.hasText { positive += 1 }
                if arguments.contains("--verbose") {
                    report("  \(sample.name): \(result.letters) letters, \(format(time.cpu, 1)) ms")
                }
            }
        }
        let p95 = BenchmarkResult.percentile(times.cpu, 0.95)
        report("| \(kind) | \(format(times.cpuMedian, 1)) / \(format(p95, 1)) | \(positive)/\(samples.count) |")
        json.results.append(times)
    }
}
if which == "codes" || which == "all" {
    let codes = try CodesBenchmark.run(corpus: corpus, rounds: rounds)
    json.results += codes.results
    json.comparisons += codes.comparisons
}
json.notes.append("per-capture samples, milliseconds, pooled over \(rounds) rounds; CPU is the figure printed; "
    + "\(screens) screens, \(photos) photos")
json.noteLoad("at the end")
if let jsonPath { try json.write(to: jsonPath) }
