import Benchmarking
import Captures
import LineRecognition
import ReadingFixtures
import TextStages

/// OCR time per capture and word recall, for the baseline (Tesseract's defaults, as the Python peer runs it)
/// and for each preprocessing choice switched on or off.
struct OCRBenchmark {
    struct Variant {
        var name: String
        var options: TextReadingOptions
        /// Shrink the working image to this long side before reading (nil: as decoded, 1600).
        var longSide: Int? = nil
        /// Read with the line recogniser's arithmetic before issue 10's speed work (`ArithmeticBaseline`).
        var arithmeticBaseline = false
    }

    static var variants: [Variant] {
        let chosen = TextReadingOptions()
        var baseline = TextReadingOptions()
        baseline.tesseractInvert = true
        baseline.normalizePolarity = false
        baseline.skipWithoutText = false
        baseline.correctRotation = false
        baseline.minimumLetterHeight = 0
        baseline.limitOpenMP = false
        baseline.recognizer = .tesseract
        var baselineSingle = baseline
        baselineSingle.limitOpenMP = true
        func with(_ change: (inout TextReadingOptions) -> Void) -> TextReadingOptions {
            var options = chosen
            change(&options)
            return options
        }
        return [
            Variant(name: "baseline: Tesseract defaults (PSM 3, do_invert=1, OpenMP as shipped)", options: baseline),
            Variant(name: "Tesseract defaults, OpenMP limited to 1 thread", options: baselineSingle),
            Variant(name: "chosen", options: chosen),
            Variant(name: "chosen, line arithmetic before issue 10 (widening AVX2 multiply, unchunked y-LSTM)",
                    options: chosen, arithmeticBaseline: true),
            Variant(name: "chosen, Tesseract's own recognition", options: with { $0.recognizer = .tesseract }),
            Variant(name: "chosen, no presence check", options: with { $0.skipWithoutText = false }),
            Variant(name: "chosen, region inversion on photos too", options: with { $0.invertRegionsOnPhotos = true }),
            Variant(name: "chosen, tessedit_do_invert=1", options: with { $0.tesseractInvert = true }),
            Variant(name: "chosen, no polarity normalisation", options: with { $0.normalizePolarity = false }),
            Variant(name: "chosen, no upscaling", options: with { $0.minimumLetterHeight = 0 }),
            Variant(name: "chosen, upscale below 9 px", options: with { $0.minimumLetterHeight = 9 }),
            Variant(name: "chosen, upscale below 20 px", options: with { $0.minimumLetterHeight = 20 }),
            Variant(name: "chosen, no rotation check", options: with { $0.correctRotation = false }),
            Variant(name: "chosen, PSM 11 (sparse text)", options: with { $0.pageSegmentationMode = 11 }),
            Variant(name: "chosen, PSM 6 (one block)", options: with { $0.pageSegmentationMode = 6 }),
            Variant(name: "chosen, PSM 4 (one column)", options: with { $0.pageSegmentationMode = 4 }),
            Variant(name: "chosen, working image 1200 px", options: chosen, longSide: 1200),
        ]
    }

    struct Row {
        var variant: String
        var cpu: [String: [Double]] = [:]
        var wall: [String: [Double]] = [:]
        var recall: [String: (found: Double, total: Double)] = [:]
        var skipped: [String: Int] = [:]
        var recognitions = 0
        var orientationChecks = 0
        /// One sample per round: the round's time per capture (every kind), for ratios against the baseline.
        var rounds: BenchmarkResult
    }

    /// Times every selected variant over the whole corpus, `rounds` times: after one warm-up read each, each round
    /// reads the corpus with every variant in turn (the order reversed every other round), so a change in machine
    /// load hits all alike. Per-kind medians and p95 pool the per-capture samples of every round; recall, skips
    /// and pass counts are the first round's (the reading is deterministic).
    static func run(corpus: Corpus, only: [String], rounds: Int, verbose: Bool = false) throws -> [Row] {
        // A filter is a part of a variant's name, or its whole name after "=".
        func selected(_ name: String) -> Bool {
            only.isEmpty || only.contains { $0.hasPrefix("=") ? name == $0.dropFirst() : name.contains($0) }
        }
        let chosen = variants.filter { selected($0.name) }
        let stages = chosen.map { TesseractTextStage(options: $0.options) }
        for (variant, stage) in zip(chosen, stages) {      // warm-up: loads the model
            ArithmeticBaseline.use(variant.arithmeticBaseline)
            _ = try stage.read(corpus.samples[0].image)
        }
        var rows = chosen.map { Row(variant: $0.name, rounds: BenchmarkResult(name: "ocr \($0.name): per capture")) }
        for round in 0..<max(1, rounds) {
            let order = round % 2 == 0 ? Array(chosen.indices) : chosen.indices.reversed()
            for index in order {
                try read(corpus, with: stages[index], variant: chosen[index], into: &rows[index],
                         first: round == 0, verbose: verbose)
            }
            report("  round \(round + 1) of \(max(1, rounds)) done")
        }
        for row in rows { report(describe(row, baseline: rows.first)) }
        return rows
    }

    /// One round of one variant: every capture read once, each timed.
    private static func read(_ corpus: Corpus, with stage: TesseractTextStage, variant: Variant, into row: inout Row,
                             first: Bool, verbose: Bool) throws {
        var cpu = 0.0, wall = 0.0
        ArithmeticBaseline.use(variant.arithmeticBaseline)
        defer { ArithmeticBaseline.use(false) }
        for sample in corpus.samples {
            let image = variant.longSide.map { sample.image.shrunk(toLongSide: $0) } ?? sample.image
            let kind: CaptureMetadata.Kind = sample.kind == "photo" || sample.kind == "sign" ? .photo : .screenshot
            let (result, time) = try Measure.time { try stage.read(image, kind: kind) }
            row.cpu[sample.kind, default: []].append(time.cpu)
            row.wall[sample.kind, default: []].append(time.wall)
            cpu += time.cpu
            wall += time.wall
            guard first else { continue }
            if result.trace.skipped { row.skipped[sample.kind, default: 0] += 1 }
            row.recognitions += result.trace.recognitions
            row.orientationChecks += result.trace.orientationChecks
            let found = ScreenshotMaker.tokens(result.text.fullText)
            let recall = ScreenshotMaker.recall(expected: sample.words, found: found)
            let total = Double(sample.words.count)
            if verbose && !sample.words.isEmpty {
                report("  \(sample.name): recall \(format(100 * recall, 1))% of \(sample.words.count) words, "
                    + "\(format(time.cpu, 0)) ms")
            }
            row.recall[sample.kind, default: (0, 0)].found += recall * total
            row.recall[sample.kind, default: (0, 0)].total += total
        }
        let count = Double(max(corpus.samples.count, 1))
        row.rounds.cpu.append(cpu / count)
        row.rounds.wall.append(wall / count)
    }

    /// The row's per-capture times per kind, as harness results (for `--json`).
    static func results(_ row: Row) -> [BenchmarkResult] {
        ["phone", "desktop", "photo", "sign"].compactMap { kind in
            row.cpu[kind].map {
                BenchmarkResult(name: "ocr \(row.variant): \(kind)", wall: row.wall[kind] ?? [], cpu: $0)
            }
        }
    }

    static func describe(_ row: Row, baseline: Row?) -> String {
        var cells = ["| \(row.variant)"]
        for kind in ["phone", "desktop", "photo", "sign"] {
            let summary = Summary(row.cpu[kind] ?? [])
            cells.append("\(format(summary.median, 0)) / \(format(summary.p95, 0))")
        }
        let all = row.cpu.values.flatMap { $0 }, mean = Summary(all).mean
        cells.append(format(mean, 0))
        if let baseline {
            // The median of the per-round ratios (CPU), as every benchmark on the shared harness reports them.
            let ratio = Comparison(baseline: baseline.rounds, candidate: row.rounds).cpuRatio
            cells.append(format(1 / max(ratio, 0.0001), 2) + "x")
        }
        for kind in ["phone", "desktop", "sign"] {
            let recall = row.recall[kind] ?? (0, 0)
            cells.append(format(100 * recall.found / max(recall.total, 1), 1) + "%")
        }
        cells.append("\(row.skipped["photo", default: 0])/\(row.cpu["photo"]?.count ?? 0)")
        cells.append("\((row.skipped["phone", default: 0]) + (row.skipped["desktop", default: 0]))")
        cells.append("\(row.recognitions) / \(row.orientationChecks)")
        return cells.joined(separator: " | ") + " |"
    }

    static let header = """
        | variant | phone ms median / p95 | desktop ms median / p95 | photo ms median / p95 | photo+sign ms median / p95 | mean ms | speed-up vs baseline (median of per-round CPU ratios) | recall phone | recall desktop | recall sign | photos skipped | screens skipped | Tesseract passes / OSD checks |
        | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
        """
}
