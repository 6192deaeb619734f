import Benchmarking
import Foundation
import ImageClassifier
import ModelEngine

// Classifier benchmarks: EfficientNet-Lite0 time per capture against the sgemm floor of the same matrix products.
//   swift build -c release --product ClassifierBenchmarks
//   OPENBLAS_CORETYPE=SkylakeX .build/release/ClassifierBenchmarks [--runs N] [--weights FILE] [--json PATH]
// On the shared harness (Benchmarking): one warm-up each, then N rounds alternating the sgemm floor (the baseline)
// and each workload; ratios are the medians of the per-round ratios.
//   .build/release/ClassifierBenchmarks label FILE.ppm ...     (labels of photographs, for docs/labels.md)
//   .build/release/ClassifierBenchmarks dump FILE.ppm ... > a.jsonl   (top-8 classes and labels, one JSON line each;
//   compare two executables' dumps with scripts/classifier-compare-dumps.py a.jsonl b.jsonl)

#if DEBUG
print("warning: debug build; timings are meaningless. Build with -c release.")
#endif

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let weights = option("--weights") ?? ImageClassifier.defaultWeightsPath()
let classifier: ImageClassifier
do {
    classifier = try ImageClassifier(weightsFile: weights)
} catch {
    print("error: \(error)")
    exit(1)
}

if arguments.count > 1, arguments[1] == "label" {
    LabelReport.print(files: Array(arguments.dropFirst(2)), classifier: classifier)
    exit(0)
}
if arguments.count > 1, arguments[1] == "dump" {
    ProbabilityDump.print(files: Array(arguments.dropFirst(2)), classifier: classifier)
    exit(0)
}

let runs = Int(option("--runs") ?? "") ?? 20
let cores = BLAS.availableCores
let cost = EfficientNetLite0.cost
let flops = 2 * Double(cost.multiplyAdds)
func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }

print("OpenBLAS kernel: \(BLAS.coreName) (OPENBLAS_CORETYPE=\(ProcessInfo.processInfo.environment["OPENBLAS_CORETYPE"] ?? "unset")), cores: \(cores)")
print("EfficientNet-Lite0: \(format(flops / 1e9, 3)) GFLOP per image, \(format(100 * Double(cost.depthwiseMultiplyAdds) / Double(cost.multiplyAdds)))% of it depthwise")

var json = BenchmarkReport(name: "ClassifierBenchmarks")
json.noteLoad("at the start")
let load = try await BenchmarkResult.measure(LoadWeights(path: weights), runs: 5)
let taxonomy = try await BenchmarkResult.measure(ParseTaxonomy(), runs: 5)
json.results += [load, taxonomy]
print("weights load (mmap + convert to Float): \(format(load.median)) ms median; "
      + "taxonomy table parse: \(format(taxonomy.median, 2)) ms median\n")

let input = ClassifierInput.tensor(from: syntheticImage(width: 224, height: 224))
let working = syntheticImage(width: 1600, height: 1067)
print("| callers × BLAS threads | workload | ms per image (median / p95) | images/s | GFLOP/s | vs sgemm floor | CPU ms per image | CPU vs floor |")
print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
func row(_ callers: Int, _ threads: Int, _ result: BenchmarkResult, _ comparison: Comparison?) -> String {
    "| \(callers) × \(threads) | \(result.name) | \(format(result.median, 2)) / \(format(result.p95, 2)) | "
        + "\(format(result.throughput)) | \(format(flops / result.median / 1e6)) | "
        + "\(comparison.map { format($0.wallRatio, 2) + "×" } ?? "baseline") | \(format(result.cpuMedian, 2)) | "
        + "\(comparison.map { format($0.cpuRatio, 2) + "×" } ?? "baseline") |"
}
for (callers, threads) in [(1, 1), (1, cores), (cores, 1)] where callers * threads <= max(cores, 1) || callers == 1 {
    BLAS.setThreads(threads)
    let workloads: [any Benchmark] = [
        Forward(network: classifier.network, input: input, callers: callers),
        CaptureLabelling(name: "labels for a 1600×1067 capture (preprocess + forward + taxonomy)",
                         classifier: classifier, image: working, callers: callers),
    ]
    let comparisons = try await Comparison.measure(baseline: SgemmFloor(callers: callers), candidates: workloads,
                                                   runs: runs)
    json.comparisons += comparisons
    if let first = comparisons.first { print(row(callers, threads, first.baseline, nil)) }
    for comparison in comparisons { print(row(callers, threads, comparison.candidate, comparison)) }
}
BLAS.setThreads(1)
let preprocess = try await BenchmarkResult.measure(Preprocess(name: "preprocess 1600×1067", image: working), runs: runs)
json.results.append(preprocess)
print("\npreprocess alone (1600×1067 → 3×224×224): \(format(preprocess.median, 2)) ms median, p95 \(format(preprocess.p95, 2)) ms")
json.noteLoad("at the end")
if let path = BenchmarkReport.path(in: arguments) { try json.write(to: path) }
