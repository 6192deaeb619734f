import Benchmarking
import Foundation

/// The baseline: Debian's `vipsthumbnail` command shrinking the same files to the same size, writing libvips'
/// raw `.v` format (the closest to decode's in-memory result), with `processes` commands at once, each given
/// its share of the files in one invocation (so process start-up is paid once per share, not per file).
struct VipsThumbnailBenchmark: Benchmark {
    var paths: [String]
    var size: Int
    var processes: Int
    /// `--vips-concurrency`; nil leaves libvips' default (one thread per core).
    var concurrency: Int?
    let output = NSTemporaryDirectory() + "decode-bench-out-" + UUID().uuidString

    var name: String {
        "vipsthumbnail, \(processes) process(es), " + (concurrency.map { "\($0) vips thread(s)/image" } ?? "default threads")
    }

    func setUp() throws {
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
    }

    func tearDown() { try? FileManager.default.removeItem(atPath: output) }

    func run() async throws -> Int {
        var commands: [Process] = []
        for share in 0..<processes {
            let mine = stride(from: share, to: paths.count, by: processes).map { paths[$0] }
            let command = Process()
            command.executableURL = URL(fileURLWithPath: "/usr/bin/vipsthumbnail")
            var arguments = ["-s", "\(size)x\(size)>", "-o", output + "/%s-\(share).v"]
            if let concurrency { arguments.append("--vips-concurrency=\(concurrency)") }
            command.arguments = arguments + mine
            try command.run()
            commands.append(command)
        }
        for command in commands {
            command.waitUntilExit()
            guard command.terminationStatus == 0 else {
                throw BenchmarkFailure(message: "vipsthumbnail exited with \(command.terminationStatus)")
            }
        }
        return paths.count
    }
}

/// A benchmark that could not run.
struct BenchmarkFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
