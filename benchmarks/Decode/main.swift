// DecodeBenchmarks: the vips.decode stage against Debian's `vipsthumbnail` on the same files and output size,
// measured in the same run. Usage:
//
//     swift build -c release --product DecodeBenchmarks
//     .build/release/DecodeBenchmarks [--images DIR] [--size N] [--runs N] [--no-camera] [--leak-rounds N]
//
// Image sets: the files under DIR (default samples/; files decode cannot read are left out), and unless
// --no-camera, a "camera" set made from DIR's JPEGs enlarged to 4032 px (12 MP, quality 90), where shrink-on-load
// matters.
import Benchmarking
import Captures
import DecodeStages
import Foundation

#if DEBUG
print("warning: debug build; measure with `swift build -c release --product DecodeBenchmarks`")
#endif

var arguments = CommandLine.arguments.dropFirst().makeIterator()
var imagesFolder = "samples"
var size = 1600
var runs = 10
var camera = true
var leakRounds = 20
while let argument = arguments.next() {
    switch argument {
    case "--images": imagesFolder = arguments.next() ?? imagesFolder
    case "--size": size = arguments.next().flatMap { Int($0) } ?? size
    case "--runs": runs = arguments.next().flatMap { Int($0) } ?? runs
    case "--no-camera": camera = false
    case "--leak-rounds": leakRounds = arguments.next().flatMap { Int($0) } ?? leakRounds
    default:
        print("unknown argument \(argument)")
        exit(64)
    }
}

let root = URL(fileURLWithPath: imagesFolder).standardizedFileURL.path
let stage = try VipsDecodeStage(size: size)
let listed = try FolderSource(root: root).plan(sourceID: "bench", indexed: [:]).changed.map(\.value)
let readable = listed.filter { (try? stage.decode($0)) != nil }
print("\(readable.count) of \(listed.count) files under \(root) decode; size \(size), \(runs) runs, "
      + "\(ProcessInfo.processInfo.activeProcessorCount) cores")

let cameraFolder = NSTemporaryDirectory() + "decode-bench-camera-" + UUID().uuidString
defer { try? FileManager.default.removeItem(atPath: cameraFolder) }
var sets: [(name: String, files: [CaptureFile])] = [("samples", readable)]
if camera {
    try FileManager.default.createDirectory(atPath: cameraFolder, withIntermediateDirectories: true)
    for file in readable where file.path.lowercased().hasSuffix(".jpg") {
        let enlarge = Process()
        enlarge.executableURL = URL(fileURLWithPath: "/usr/bin/vips")
        let metadata = try stage.decode(file).metadata
        let scale = 4032.0 / Double(max(metadata.pixelWidth, metadata.pixelHeight, 1))
        let target = cameraFolder + "/" + (file.path as NSString).lastPathComponent
        enlarge.arguments = ["resize", file.path, target + "[Q=90]", String(scale)]
        try enlarge.run()
        enlarge.waitUntilExit()
    }
    let cameraFiles = try FolderSource(root: cameraFolder).plan(sourceID: "bench", indexed: [:]).changed.map(\.value)
    sets.append(("camera (4032 px JPEG)", cameraFiles))
}

/// Leak check: live libvips objects and resident memory before and after decoding every listed file (readable
/// or not) many times.
func residentMegabytes() -> Double {
    let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ") ?? []
    return fields.count > 1 ? Double(fields[1]).map { $0 * 4096 / 1_048_576 } ?? .nan : .nan
}
let objectsBefore = VipsRuntime.liveObjectCount()
for _ in 0..<5 { for file in listed { _ = try? stage.decode(file) } }
let residentBefore = residentMegabytes()
var residentLog: [String] = []
for round in 1...leakRounds {
    for file in listed { _ = try? stage.decode(file) }
    if round % max(1, leakRounds / 4) == 0 { residentLog.append(String(format: "%.0f", residentMegabytes())) }
}
let objectsAfter = VipsRuntime.liveObjectCount()
print(String(format: "leak check: %d decodes (failures included); live libvips objects %d -> %d; RSS %.0f MB -> ",
             (5 + leakRounds) * listed.count, objectsBefore, objectsAfter, residentBefore)
      + residentLog.joined(separator: " -> ") + " MB"
      + (objectsAfter == objectsBefore ? " (no leak)" : " (LEAK)"))

func row(_ result: BenchmarkResult) -> String {
    "| \(result.name) | " + String(format: "%.1f | %.1f | %.1f | %.1f", result.median, result.p95, result.cpuMedian,
                                     result.throughput)
}

for set in sets {
    let paths = set.files.map(\.path)
    print("\n### \(set.name): \(set.files.count) files\n")
    print("| benchmark | median ms/capture | p95 ms/capture | CPU ms/capture | captures/s | wall ratio | CPU ratio |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    let cases: [(ours: DecodeStageBenchmark, baseline: VipsThumbnailBenchmark)] = [
        (DecodeStageBenchmark(files: set.files, size: size, workers: 1, threadsPerImage: 1),
         VipsThumbnailBenchmark(paths: paths, size: size, processes: 1, concurrency: nil)),
        (DecodeStageBenchmark(files: set.files, size: size, workers: 1, threadsPerImage: 1),
         VipsThumbnailBenchmark(paths: paths, size: size, processes: 1, concurrency: 1)),
        (DecodeStageBenchmark(files: set.files, size: size, workers: 1, threadsPerImage: 2),
         VipsThumbnailBenchmark(paths: paths, size: size, processes: 1, concurrency: 2)),
        (DecodeStageBenchmark(files: set.files, size: size, workers: 2, threadsPerImage: 1),
         VipsThumbnailBenchmark(paths: paths, size: size, processes: 2, concurrency: 1)),
        (DecodeStageBenchmark(files: set.files, size: size, workers: 2, threadsPerImage: 2),
         VipsThumbnailBenchmark(paths: paths, size: size, processes: 2, concurrency: 2)),
    ]
    for pair in cases {
        let comparison = try await Comparison.measure(baseline: pair.baseline, candidate: pair.ours, runs: runs)
        print(row(comparison.baseline) + " | baseline | baseline |")
        print(row(comparison.candidate) + String(format: " | %.2fx | %.2fx |", comparison.wallRatio, comparison.cpuRatio))
    }
}
