import Benchmarking
import Captures
import Foundation
import PoolPipeline
import Runner
import Store

/// `pool-pipeline bench`: times one stage kind on a folder of images.
struct BenchCommand: Command {
    static let name = "bench"
    static let abstract = "Time one stage kind on a folder of images (p50/p95 per capture, throughput)"
    static let help = """
        Usage: pool-pipeline bench <stage-kind> --images DIR [--runs N] [--warmup N] [--options JSON] [--json]

        Builds the stage as a pipeline would, prepares its inputs from the images (a stage that reads decoded
        images gets them from `vips.decode` first, outside the timing), runs it over every image `--warmup` times
        untimed and `--runs` times timed, and prints the time per capture (p50, p95) and captures per second on
        one worker. Use a release build for figures worth recording.

        Options:
          --images DIR   the folder of images (searched recursively)
          --runs N       timed passes over the images (default 5)
          --warmup N     untimed passes first (default 1)
          --options JSON the stage's options, as in a pipeline file (default {})
          --json         print the timings as one JSON object (the benchmark harness's format)

        """

    let kind: String
    let images: String
    let runs: Int
    let warmup: Int
    let options: [String: JSONValue]
    let json: Bool

    init(_ words: [String]) throws {
        let arguments = try Arguments(words, options: ["images", "runs", "warmup", "options"], flags: ["json"])
        kind = try arguments.positionals("the stage kind")[0]
        guard let images = arguments.value("images") else { throw UsageError("missing --images DIR") }
        self.images = images
        runs = try arguments.int("runs", default: 5, in: 1...1000)
        warmup = try arguments.int("warmup", default: 1, in: 0...100)
        let text = arguments.value("options") ?? "{}"
        guard case .object(let options)? = try? JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)) else {
            throw UsageError("--options must be a JSON object, not \(text)")
        }
        self.options = options
        json = arguments.has("json")
    }

    func run() async throws -> ExitCode {
        var environment = StageEnvironment(baseDirectory: FileManager.default.currentDirectoryPath)
        environment.provide(try IndexStore.inMemory())
        let loader = PipelineLoader(registry: .builtIn, environment: environment)
        let stage = try loader.stage(kind: kind, options: options)
        let root = URL(fileURLWithPath: images).standardizedFileURL.path
        let files = try SampleFiles.list(root: root)
        guard !files.isEmpty else { throw UsageError("no images in \(images)") }

        var inputs: [any Sendable] = files
        if !stage.reads(CaptureFile.self) {
            guard stage.reads(DecodedCapture.self) else {
                throw UsageError("bench cannot make inputs of \(stage.inputTypeName) for \(kind)")
            }
            let decode = try loader.stage(kind: "vips.decode")
            inputs = []
            for file in files {
                do { inputs.append(try await decode.process(file, capture: file.id)) } catch {
                    printError("skipped \(file.relativePath): \(error)")
                }
            }
        }

        var result = BenchmarkResult(name: kind)
        var failures = 0
        let sampler = ThreadPeak()
        let threadsBefore = ThreadPeak.current
        for pass in 0..<(warmup + runs) {
            for (index, input) in inputs.enumerated() {
                let started = ContinuousClock.now, cpuStarted = BenchmarkResult.cpuMilliseconds()
                do {
                    _ = try await stage.process(input, capture: CaptureID(String(index)))
                } catch {
                    if pass == 0 { printError("capture \(index) failed: \(error)") }
                    failures += 1
                }
                if pass >= warmup {
                    result.wall.append((ContinuousClock.now - started).milliseconds)
                    result.cpu.append(BenchmarkResult.cpuMilliseconds() - cpuStarted)
                }
            }
        }
        let threads = BenchThreads(before: threadsBefore, peak: sampler.stop())
        try await stage.finish()
        if json {
            let encoder = JSONEncoder()
            encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf",
                                                                          negativeInfinity: "-inf", nan: "nan")
            print(String(decoding: try encoder.encode(BenchReport(result: result, warmup: warmup,
                                                                  runtime: stage.runtime.notes,
                                                                  process: ProcessRuntime.blasDescription,
                                                                  threads: threads,
                                                                  failuresPerPass: failures / (warmup + runs))),
                         as: UTF8.self))
            return .success
        }
        print("stage: \(kind) (\(stage.inputTypeName) -> \(stage.outputTypeName))")
        print("images: \(inputs.count), runs: \(runs) after \(warmup) warm-up")
        for note in stage.runtime.notes { print(note) }
        print("process: \(ProcessRuntime.blasDescription)")
        print("threads: \(threads.before) before the first pass, at most \(threads.peak) during the passes")
        print(String(format: "per capture: p50 %.2f ms, p95 %.2f ms, mean %.2f ms", result.median, result.p95,
                     result.mean))
        print(String(format: "throughput: %.1f captures/s on one worker", 1000 / result.mean))
        if failures > 0 { print("failures: \(failures / (warmup + runs)) per pass") }
        #if DEBUG
        print("note: a debug build; use `swift build -c release` for figures worth recording")
        #endif
        return .success
    }
}

extension Duration {
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}

/// What `bench --json` prints: the harness's timings of one capture each, and the settings it ran with.
struct BenchReport: Encodable {
    var result: BenchmarkResult
    var warmup: Int
    var runtime: [String]
    /// The OpenBLAS this process loaded, and how it chose the kernel.
    var process: String
    var threads: BenchThreads
    var failuresPerPass: Int
}

/// The process's threads before the passes and the most at once during them (warm-up included): what the stage's
/// libraries started (an OpenMP team, say).
struct BenchThreads: Encodable {
    var before: Int
    var peak: Int
}
