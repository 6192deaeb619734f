// Verify throughput: SHA-256 of a model-sized file through libcrypto's EVP interface (what `models install` and
// `models verify` run) against `sha256sum` on the same file, in one run, alternating, after one discarded warm-up
// of each (which also leaves the file in the page cache, so both read from memory).
//
//   swift run -c release DigestBenchmarks [MiB] [rounds]      (default 256 MiB, 5 rounds)
import ContentDigest
import Foundation

#if DEBUG
print("warning: a debug build; run `swift run -c release DigestBenchmarks` for figures")
#endif

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
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

/// CPU seconds (user + system) of this process, or of its waited-for children.
func cpuSeconds(_ who: Int32) -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(who), &usage)
    let total = { (time: timeval) in Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return total(usage.ru_utime) + total(usage.ru_stime)
}

/// Wall seconds, CPU seconds (`who`: RUSAGE_SELF for our hashing, RUSAGE_CHILDREN for sha256sum) and the digest.
func timed(_ who: Int32, _ body: () throws -> String) rethrows -> (seconds: Double, cpu: Double, digest: String) {
    let cpuStart = cpuSeconds(who)
    let start = ContinuousClock.now
    let digest = try body()
    let elapsed = ContinuousClock.now - start
    let (seconds, attoseconds) = elapsed.components
    return (Double(seconds) + Double(attoseconds) / 1e18, cpuSeconds(who) - cpuStart, digest)
}

let own = RUSAGE_SELF.rawValue, children = RUSAGE_CHILDREN.rawValue
let warmEVP = try timed(own, evp), warmTool = try timed(children, sha256sum)     // discarded
guard warmEVP.digest == warmTool.digest else {
    print("digests differ: EVP \(warmEVP.digest), sha256sum \(warmTool.digest)")
    exit(1)
}
var ours: [Double] = [], theirs: [Double] = [], oursCPU: [Double] = [], theirsCPU: [Double] = []
for _ in 0..<rounds {
    let mine = try timed(own, evp), tool = try timed(children, sha256sum)
    ours.append(megabytes / mine.seconds)
    theirs.append(megabytes / tool.seconds)
    oursCPU.append(megabytes / mine.cpu)
    theirsCPU.append(megabytes / tool.cpu)
}
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
let format = { (value: Double) in String(format: "%.0f", value) }
print("file: \(mebibytes) MiB, \(rounds) rounds, digest \(warmEVP.digest)")
print("EVP SHA-256 (ContentDigest): median \(format(median(ours))) MB/s  [\(ours.map(format).joined(separator: ", "))]")
print("sha256sum:                   median \(format(median(theirs))) MB/s  [\(theirs.map(format).joined(separator: ", "))]")
print("ratio (EVP / sha256sum):     \(String(format: "%.2f", median(ours) / median(theirs)))x wall")
print("per CPU-second: EVP \(format(median(oursCPU))) MB/s, sha256sum \(format(median(theirsCPU))) MB/s, " +
      "ratio \(String(format: "%.2f", median(oursCPU) / median(theirsCPU)))x")
