// Verify throughput: SHA-256 of a model-sized file through libcrypto's EVP interface (what `models install` and
// `models verify` run) against `sha256sum` on the same file, in one run, on the shared harness (Benchmarking):
// alternating, after one discarded warm-up of each (which also leaves the file in the page cache, so both read
// from memory).
//
//   swift run -c release DigestBenchmarks [MiB] [rounds] [--json PATH]      (default 256 MiB, 5 rounds)
import Benchmarking
import ContentDigest
import Foundation

#if DEBUG
print("warning: a debug build; run `swift run -c release DigestBenchmarks` for figures")
#endif

let jsonPath = BenchmarkReport.path(in: Array(CommandLine.arguments))
let arguments = CommandLine.arguments.dropFirst().filter { $0 != jsonPath }.compactMap { Int($0) }
let mebibytes = arguments.first ?? 256
let rounds = arguments.dropFirst().first ?? 5
let path = FileManager.default.temporaryDirectory.appendingPathComponent("digest-bench-\(getpid()).bin").path
defer { try? FileManager.default.removeItem(atPath: path) }

// Deterministic, incompressible-looking bytes (SplitMix64), written in 1 MiB blocks.
_ = FileManager.default.createFile(atPath: path, contents: nil)
let handle = FileHandle(forWritingAtPath: path)!
var state: UInt64 = 42
for _ in 0..<mebibytes {
    var block = [UInt64](repeating: 0, count: 1 << 17)
    for index in block.indices {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        block[index] = z ^ (z >> 31)
    }
    block.withUnsafeBytes { handle.write(Data($0)) }
}
try handle.close()
let megabytes = Double(mebibytes) * 1_048_576 / 1_000_000

func evp() throws -> String { try SHA256.hex(ofFile: path) }

func sha256sum() throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    process.arguments = [path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(String(decoding: data, as: UTF8.self).prefix(64))
}

/// One pass of a hasher over the file, as a harness benchmark (one item per run: the whole file).
struct Hashing: Benchmark {
    let name: String
    let body: () throws -> String
    func run() async throws -> Int {
        _ = try body()
        return 1
    }
}

// Digests must agree before anything is timed.
let digest = try evp(), toolDigest = try sha256sum()
guard digest == toolDigest else {
    print("digests differ: EVP \(digest), sha256sum \(toolDigest)")
    exit(1)
}
// Shared harness: one discarded warm-up each, then `rounds` rounds alternating sha256sum (baseline) and EVP.
// CPU time counts this process and its waited-for children, so sha256sum's own CPU is in its figure.
let comparison = try await Comparison.measure(baseline: Hashing(name: "sha256sum", body: sha256sum),
                                              candidate: Hashing(name: "EVP SHA-256 (ContentDigest)", body: evp),
                                              runs: rounds)
let rate = { (milliseconds: Double) in megabytes / (milliseconds / 1000) }
let ours = comparison.candidate.wall.map(rate), theirs = comparison.baseline.wall.map(rate)
let format = { (value: Double) in String(format: "%.0f", value) }
print("file: \(mebibytes) MiB, \(rounds) rounds, digest \(digest)")
print("EVP SHA-256 (ContentDigest): median \(format(rate(comparison.candidate.median))) MB/s, "
      + "p95 \(format(rate(comparison.candidate.p95))) MB/s  [\(ours.map(format).joined(separator: ", "))]")
print("sha256sum:                   median \(format(rate(comparison.baseline.median))) MB/s, "
      + "p95 \(format(rate(comparison.baseline.p95))) MB/s  [\(theirs.map(format).joined(separator: ", "))]")
print("ratio (EVP / sha256sum):     \(String(format: "%.2f", 1 / comparison.wallRatio))x wall (median of per-round ratios)")
print("per CPU-second: EVP \(format(rate(comparison.candidate.cpuMedian))) MB/s, "
      + "sha256sum \(format(rate(comparison.baseline.cpuMedian))) MB/s, "
      + "ratio \(String(format: "%.2f", 1 / comparison.cpuRatio))x")
if let jsonPath {
    var json = BenchmarkReport(name: "DigestBenchmarks")
    json.comparisons = [comparison]
    json.notes = ["file \(mebibytes) MiB; times are per pass over the whole file", "digest \(digest)"]
    json.noteLoad("at the end")
    try json.write(to: jsonPath)
}
