import Captures
import DecodeStages
import Foundation
import PoolPipeline
import Runner
import Store

/// `pool-pipeline bench`: times one stage kind on a folder of images.
struct BenchCommand: Command {
    static let name = "bench"
    static let abstract = "Time one stage kind on a folder of images (p50/p95 per capture, throughput)"
    static let help = """
        Usage: pool-pipeline bench <stage-kind> --images DIR [--runs N] [--warmup N] [--options JSON]

        Builds the stage as a pipeline would, prepares its inputs from the images (a stage that reads decoded
        images gets them from `vips.decode` first, outside the timing), runs it over every image `--warmup` times
        untimed and `--runs` times timed, and prints the time per capture (p50, p95) and captures per second on
        one worker. Use a release build for figures worth recording.

        Options:
          --images DIR   the folder of images (searched recursively)
          --runs N       timed passes over the images (default 5)
          --warmup N     untimed passes first (default 1)
          --options JSON the stage's options, as in a pipeline file (default {})

        """

    let kind: String
    let images: String
    let runs: Int
    let warmup: Int
    let options: [String: JSONValue]

    init(_ words: [String]) throws {
        let arguments = try Arguments(words, options: ["images", "runs", "warmup", "options"])
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
    }

    func run() async throws -> ExitCode {
        var environment = StageEnvironment(baseDirectory: FileManager.default.currentDirectoryPath)
        environment.provide(try IndexStore.inMemory())
        let loader = PipelineLoader(registry: .builtIn, environment: environment)
        let stage = try loader.stage(kind: kind, options: options)
        let root = URL(fileURLWithPath: images).standardizedFileURL.path
        let files = try FolderSource(root: root).plan(sourceID: "bench", indexed: [:]).changed.map(\.value)
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

        var times: [Double] = []
        var failures = 0
        for pass in 0..<(warmup + runs) {
            for (index, input) in inputs.enumerated() {
                let started = ContinuousClock.now
                do {
                    _ = try await stage.process(input, capture: CaptureID(String(index)))
                } catch {
                    if pass == 0 { printError("capture \(index) failed: \(error)") }
                    failures += 1
                }
                if pass >= warmup { times.append((ContinuousClock.now - started).milliseconds) }
            }
        }
        try await stage.finish()
        times.sort()
        let total = times.reduce(0, +)
        print("stage: \(kind) (\(stage.inputTypeName) -> \(stage.outputTypeName))")
        print("images: \(inputs.count), runs: \(runs) after \(warmup) warm-up")
        for note in stage.runtime.notes { print(note) }
        print(String(format: "per capture: p50 %.2f ms, p95 %.2f ms, mean %.2f ms", percentile(times, 0.5),
                     percentile(times, 0.95), total / Double(times.count)))
        print(String(format: "throughput: %.1f captures/s on one worker", Double(times.count) / (total / 1000)))
        if failures > 0 { print("failures: \(failures / (warmup + runs)) per pass") }
        #if DEBUG
        print("note: a debug build; use `swift build -c release` for figures worth recording")
        #endif
        return .success
    }

    private func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }
}

extension Duration {
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
