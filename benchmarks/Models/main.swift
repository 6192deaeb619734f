import CLIPModel
import Foundation
import ModelEngine

// Model benchmarks: sgemm peak, CLIP ViT-B/32 images per second and text-query latency, with random weights.
// Run: swift build -c release --product ModelBenchmarks && OPENBLAS_CORETYPE=... .build/release/ModelBenchmarks
// Options: --sgemm-only (the kernel comparison), --runs N, --tokenizer FOLDER (vocab.json + merges.txt).

#if DEBUG
print("warning: debug build; timings are meaningless. Build with -c release.")
#endif

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let runs = Int(option("--runs") ?? "") ?? 10
let cores = BLAS.availableCores
let coreType = ProcessInfo.processInfo.environment["OPENBLAS_CORETYPE"] ?? "(unset)"

func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }

print("OpenBLAS kernel: \(BLAS.coreName) (OPENBLAS_CORETYPE=\(coreType)), cores: \(cores)")
print("kernel check: max relative error vs a Double loop \(String(format: "%.1e", SgemmBenchmark.kernelError()))")

func sgemmPeak(threads: Int) throws -> Double {
    BLAS.setThreads(threads)
    var best = 0.0
    for shape in [(1024, 1024, 1024), (400, 3072, 768)] {
        var benchmark = SgemmBenchmark(m: shape.0, n: shape.1, k: shape.2, repeats: 4)
        let result = try BenchmarkRunner.measure(&benchmark, runs: runs)
        let gflops = benchmark.flops / result.median / 1e9
        print("  \(benchmark.name), \(threads) thread(s): \(format(gflops)) GFLOP/s (p95 \(format(benchmark.flops / result.p95 / 1e9)))")
        best = max(best, gflops)
    }
    return best
}

print("\nsgemm peak")
let peak = [cores: try sgemmPeak(threads: cores), 1: try sgemmPeak(threads: 1)]
if arguments.contains("--sgemm-only") { exit(0) }
if arguments.contains("--image-only") {
    let vision = try CLIPVisionEncoder(config: CLIPConfig.vitB32, weights: RandomTensors())
    BLAS.setThreads(1)
    var benchmark = CLIPImageBenchmark(encoder: vision, batch: Int(option("--batch") ?? "1") ?? 1)
    let result = try BenchmarkRunner.measure(&benchmark, runs: runs)
    print("image median \(result.median * 1000) ms per call")
    exit(0)
}
if arguments.contains("--text-only") {
    let tokenizerFolder = option("--tokenizer") ?? "Tests/CLIPTests/Fixtures/tiny-clip"
    let tokenizer = try CLIPTokenizer(vocabularyFile: tokenizerFolder + "/vocab.json", mergesFile: tokenizerFolder + "/merges.txt")
    let text = try CLIPTextEncoder(config: CLIPConfig.vitB32, weights: RandomTensors())
    BLAS.setThreads(1)
    var benchmark = TextQueryBenchmark(encoder: text, tokenizer: tokenizer, query: "a photo of a dog")
    let result = try BenchmarkRunner.measure(&benchmark, runs: 200)
    print("text median \(result.median * 1000) ms")
    exit(0)
}

let config = CLIPConfig.vitB32
let vision = try CLIPVisionEncoder(config: config, weights: RandomTensors())
let flops = CLIPImageBenchmark.flopsPerImage(config)
print("\nCLIP ViT-B/32 image tower, random weights, \(format(flops / 1e9, 2)) GFLOP per image")
print("| batch | callers × BLAS threads | images/s | ms per call (median / p95) | GFLOP/s | of sgemm peak |")
print("| ---: | --- | ---: | ---: | ---: | ---: |")
for (batch, callers, threads) in [(1, 1, cores), (8, 1, cores), (1, cores, 1), (8, cores, 1), (1, 1, 1)] {
    BLAS.setThreads(threads)
    var benchmark = CLIPImageBenchmark(encoder: vision, batch: batch, callers: callers, calls: batch == 1 ? 4 : 1)
    let result = try BenchmarkRunner.measure(&benchmark, runs: runs)
    let rate = result.rate
    let perCall = result.median / Double(benchmark.calls) * 1000
    let perCallP95 = result.p95 / Double(benchmark.calls) * 1000
    let machinePeak = callers * threads == 1 ? peak[1]! : peak[cores]!
    print("| \(batch) | \(callers) × \(threads) | \(format(rate)) | \(format(perCall)) / \(format(perCallP95)) | "
          + "\(format(rate * flops / 1e9)) | \(format(100 * rate * flops / 1e9 / machinePeak))% |")
}

let tokenizerFolder = option("--tokenizer") ?? "Tests/CLIPTests/Fixtures/tiny-clip"
let tokenizer = try CLIPTokenizer(vocabularyFile: tokenizerFolder + "/vocab.json",
                                  mergesFile: tokenizerFolder + "/merges.txt")
let text = try CLIPTextEncoder(config: config, weights: RandomTensors())
print("\nCLIP ViT-B/32 text tower, one query (tokenizer from \(tokenizerFolder))")
for threads in Set([1, cores]).sorted() {
    BLAS.setThreads(threads)
    for query in ["dog", "a photo of a dog on the beach at sunset", "receipt from the grocery store with the total"] {
        var benchmark = TextQueryBenchmark(encoder: text, tokenizer: tokenizer, query: query)
        let result = try BenchmarkRunner.measure(&benchmark, runs: max(runs, 20))
        print("  \(threads) BLAS thread(s), \(tokenizer.encode(query).count) tokens, \"\(query)\": "
              + "median \(format(result.median * 1000, 2)) ms, p95 \(format(result.p95 * 1000, 2)) ms")
    }
}
