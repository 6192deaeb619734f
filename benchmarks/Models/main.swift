import Benchmarking
import CLIPModel
import Foundation
import ModelEngine

// Model benchmarks: the sgemm peak, CLIP ViT-B/32 images per second (as a ratio to that peak, measured in the
// same run) and text-query latency, on random weights of the full-size config (the same work as the real model).
//
//   swift build -c release --product ModelBenchmarks
//   OPENBLAS_CORETYPE=SkylakeX .build/release/ModelBenchmarks [--runs N] [--sgemm-only] [--tokenizer FOLDER] [--json PATH]
//
// Timed on the shared harness (Benchmarking): one warm-up, then N runs; p50/p95 per item (image, query, multiply).
//
// --only images|stage|text runs one section after the sgemm peak.
// --profile-text N: only a 16-token query N times per precision on 1 and 2 threads (quick check; `perf record`).
// --sgemm-only compares kernels (run it once per OPENBLAS_CORETYPE: scripts/clip-blas-kernels).
// --tokenizer: a folder with vocab.json and merges.txt (default: the test fixture's small vocabulary; the
// tokenizer's share of a query's time is microseconds either way).

#if DEBUG
print("warning: debug build; timings are meaningless. Build with -c release.")
#endif

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}
let runs = Int(option("--runs") ?? "") ?? 10
func wants(_ section: String) -> Bool { option("--only").map { $0 == section } ?? true }
let cores = BLAS.availableCores
let coreType = ProcessInfo.processInfo.environment[OpenBLASKernel.variable] ?? "(unset)"

func format(_ value: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", value) }

// --profile-text N: only N embeddings of a 16-token query per precision, one and two threads (a quick check,
// and for `perf record`; --precision NAME for one precision only).
if let repeats = Int(option("--profile-text") ?? "") {
    let tokens = [49406] + Array(repeating: 320, count: 14) + [49407]
    let precisions = option("--precision").flatMap(WeightPrecision.init(rawValue:)).map { [$0] } ?? WeightPrecision.allCases
    for precision in precisions {
        let encoder = try CLIPTextEncoder(config: .vitB32, weights: RandomTensors(), packing: precision)
        for threads in [1, 2] {
            var wall: [Double] = [], cpu: [Double] = []
            for _ in 0..<repeats {
                let start = DispatchTime.now().uptimeNanoseconds, cpuStart = (BenchmarkResult.cpuMilliseconds() / 1000)
                _ = encoder.embed([tokens], threads: threads)
                cpu.append((BenchmarkResult.cpuMilliseconds() / 1000) - cpuStart)
                wall.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            print("16-token query, \(precision.rawValue), \(threads) threads: median wall "
                  + "\(format(wall.sorted()[repeats / 2] * 1000, 2)) ms, CPU \(format(cpu.sorted()[repeats / 2] * 1000, 2)) ms")
        }
    }
    exit(0)
}

print("OpenBLAS kernel: \(BLAS.coreName) (OPENBLAS_CORETYPE=\(coreType)), cores: \(cores)")
print("kernel check: max relative error vs a Double loop \(String(format: "%.1e", SgemmBenchmark.kernelError()))")
print("load average at start: \((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.prefix(14) ?? "?")")
var json = BenchmarkReport(name: "ModelBenchmarks")
json.noteLoad("at the start")
json.notes.append("OpenBLAS kernel \(BLAS.coreName) (OPENBLAS_CORETYPE=\(coreType)), \(cores) cores")
func writeJSON(_ json: inout BenchmarkReport) throws {
    json.noteLoad("at the end")
    if let path = option("--json") { try json.write(to: path) }
}

/// The sgemm peak with `threads` BLAS threads: the best of a square and a ViT-shaped multiply, as wall-clock
/// GFLOP/s and as GFLOP per CPU-second (what one busy core does, whatever else shares the machine).
func sgemmPeak(threads: Int) async throws -> (wall: Double, cpu: Double, results: [BenchmarkResult]) {
    BLAS.setThreads(threads)
    var best = (wall: 0.0, cpu: 0.0)
    var results: [BenchmarkResult] = []
    for shape in [(1024, 1024, 1024), (400, 3072, 768)] {
        let benchmark = SgemmBenchmark(m: shape.0, n: shape.1, k: shape.2, repeats: 4)
        var result = try await BenchmarkResult.measure(benchmark, runs: runs)
        result.name += ", \(threads) thread(s)"
        results.append(result)
        // The harness keeps milliseconds per item (one multiply).
        let wall = benchmark.flopsPerItem / result.median / 1e6, cpu = benchmark.flopsPerItem / result.cpuMedian / 1e6
        print("| \(benchmark.name) | \(threads) | \(format(wall)) | \(format(benchmark.flopsPerItem / result.p95 / 1e6)) | \(format(cpu)) |")
        best = (max(best.wall, wall), max(best.cpu, cpu))
    }
    return (best.wall, best.cpu, results)
}

print("\nsgemm peak (GFLOP/s wall clock; GFLOP per CPU-second of all threads)")
print("| multiply | threads | GFLOP/s median | GFLOP/s p95 | GFLOP per CPU-s |")
print("| --- | ---: | ---: | ---: | ---: |")
let single = try await sgemmPeak(threads: 1)
let multi = cores > 1 ? try await sgemmPeak(threads: cores) : single
json.results += single.results + (cores > 1 ? multi.results : [])
let singlePeak = (wall: single.wall, cpu: single.cpu), multiPeak = (wall: multi.wall, cpu: multi.cpu)
/// An upper bound for the machine: every core as fast as one core alone (on this VM two busy cores are not).
let machinePeak = max(multiPeak.wall, singlePeak.wall * Double(cores))
print("peak: one core \(format(singlePeak.wall)) GFLOP/s (\(format(singlePeak.cpu)) per CPU-s); machine \(format(machinePeak)) GFLOP/s")
if arguments.contains("--sgemm-only") {
    try writeJSON(&json)
    exit(0)
}

let config = CLIPConfig.vitB32
let vision = try CLIPVisionEncoder(config: config, weights: RandomTensors())
let flops = CLIPImageBenchmark.flopsPerImage(config)
if wants("images") {
print("\nCLIP ViT-B/32 image tower, random weights, \(format(flops / 1e9, 2)) GFLOP per image; one caller")
print("| batch | BLAS threads | images/s | ms per call (median / p95) | GFLOP/s | of wall peak | GFLOP per CPU-s | of CPU peak |")
print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for (batch, threads) in [(1, 1), (8, 1), (1, cores), (8, cores)] {
    BLAS.setThreads(threads)
    let benchmark = CLIPImageBenchmark(encoder: vision, batch: batch, calls: batch == 1 ? 4 : 1)
    var result = try await BenchmarkResult.measure(benchmark, runs: max(3, runs / 2))
    result.name = "CLIP image, batch \(batch), \(threads) BLAS thread(s)"
    json.results.append(result)
    let peak = threads == 1 ? singlePeak : multiPeak
    // Per item (image): a call is `batch` images.
    let cpuRate = flops / result.cpuMedian / 1e6
    print("| \(batch) | \(threads) | \(format(result.throughput)) | "
          + "\(format(result.median * Double(batch))) / \(format(result.p95 * Double(batch))) | "
          + "\(format(result.throughput * flops / 1e9)) | \(format(100 * result.throughput * flops / 1e9 / peak.wall))% | "
          + "\(format(cpuRate)) | \(format(100 * cpuRate / peak.cpu))% |")
}

}

if wants("stage") {
print("\nAs the clip.embed stage runs: 16 captures from 16 concurrent workers, end to end")
print("| encoder calls | lanes × BLAS threads | images/s | GFLOP/s | of \(cores)-thread sgemm | of \(cores) × one-core sgemm | GFLOP per CPU-s | of CPU peak |")
print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
let size = config.vision.imageSize
let stageImages = (0..<16).map { index in
    Tensor(shape: [3, size, size], storage: (0..<(3 * size * size)).map { Float(($0 * 7 + index) % 255) / 128 - 1 })
}
for (label, lanes, threads, maxBatch) in [("one image per call", cores, 1, 1), ("batches of up to 8", 1, cores, 8),
                                          ("batches of up to 8", cores, 1, 8)] {
    BLAS.setThreads(threads)
    let queue = CLIPBatchQueue(encoder: vision, maxBatch: maxBatch, lanes: lanes)
    var result = try await BenchmarkResult.measure(StageBatchBenchmark(name: label, queue: queue, images: stageImages),
                                                   runs: max(2, runs / 4))
    result.name = "clip.embed as the stage runs: \(label), \(lanes) lanes × \(threads) BLAS threads"
    json.results.append(result)
    let cpuRate = flops / result.cpuMedian / 1e6
    let cpuPeak = threads == 1 ? singlePeak.cpu : multiPeak.cpu
    let wall = result.throughput * flops / 1e9
    print("| \(label) | \(lanes) × \(threads) | \(format(result.throughput)) | \(format(wall)) | "
          + "\(format(100 * wall / multiPeak.wall))% | \(format(100 * wall / machinePeak))% | "
          + "\(format(cpuRate)) | \(format(100 * cpuRate / cpuPeak))% |")
}

}

if wants("text") {
    let tokenizerFolder = option("--tokenizer") ?? "Tests/CLIPTests/Fixtures/tiny-clip"
    let tokenizer = try CLIPTokenizer(vocabularyFile: tokenizerFolder + "/vocab.json",
                                      mergesFile: tokenizerFolder + "/merges.txt")
    json.comparisons += try await TextQueryReport(config: config, tokenizer: tokenizer, runs: runs, cores: cores)
        .run(fixtureFolder: "Tests/CLIPTests/Fixtures/tiny-clip")
}
print("load average at end: \((try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.prefix(14) ?? "?")")
try writeJSON(&json)
