// ImagingBenchmarks: each of our resize kernels against libvips doing the same job, in the same run (shared
// harness: one warm-up each, then N rounds alternating libvips, the baseline, and ours), with how far apart the
// outputs are. Decides which of our kernels the Imaging library keeps (docs/imaging.md). Usage:
//
//     swift build -c release --product ImagingBenchmarks
//     .build/release/ImagingBenchmarks [--runs N] [--json PATH]
import Benchmarking
import Captures
import Foundation
import TestSupport

#if DEBUG
print("warning: debug build; measure with `swift build -c release --product ImagingBenchmarks`")
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
let runs = arguments.firstIndex(of: "--runs").flatMap { Int(arguments[$0 + 1]) } ?? 15
var json = BenchmarkReport(name: "ImagingBenchmarks")
json.noteLoad("at the start")

/// A photo-like working image (gradients and noise) and a text-line-like gray strip (dark strokes on light).
var random = SplitMix64(seed: 16)
let photo = RGBImage(width: 1600, height: 1200, pixels: (0..<(1600 * 1200 * 3)).map { index in
    let pixel = index / 3, x = pixel % 1600, y = pixel / 1600
    return UInt8(truncatingIfNeeded: (x * (index % 3 + 1) / 8 + y / 6 + Int(random.next() % 24)) & 0xFF)
})
let lineWidth = 640, lineHeight = 44
let line = (0..<(lineWidth * lineHeight)).map { index -> UInt8 in
    let x = index % lineWidth, y = index / lineWidth
    return (x / 3) % 7 < 2 && y > 8 && y < 36 ? 30 : UInt8(220 + Int(random.next() % 30))
}

print("| job | kernel | median ms | p95 ms | CPU ms | ours / libvips: wall | CPU | max diff | mean diff |")
print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for pair in ResamplePair.all(photo: photo, line: line, lineWidth: lineWidth, lineHeight: lineHeight) {
    let comparison = try await Comparison.measure(baseline: pair.libvips, candidate: pair.ours, runs: runs)
    json.comparisons.append(comparison)
    let difference = pair.difference
    json.notes.append(String(format: "%@: max difference %.3f, mean %.4f %@", pair.job, difference.max,
                             difference.mean, pair.unit))
    for (result, isOurs) in [(comparison.baseline, false), (comparison.candidate, true)] {
        print("| \(pair.job) | \(result.name) | " + String(format: "%.3f | %.3f | %.3f | ", result.median, result.p95,
                                                           result.cpuMedian)
              + (isOurs ? String(format: "%.2fx | %.2fx | %.2f | %.3f |", comparison.wallRatio, comparison.cpuRatio,
                                 difference.max, difference.mean) : "baseline | baseline | | |"))
    }
}
json.noteLoad("at the end")
if let path = BenchmarkReport.path(in: arguments) { try json.write(to: path) }
