import Benchmarking
import CLineKernels

/// The 8-bit multiply's AVX2 paths on the shapes the `eng` network gives them (rows x inputs -> outputs), each
/// against the path before (weights widened at every use) in the same run: `rounds` rounds, each timing both
/// paths in turn (the order swapped every other round); the speed-up is the median of the per-round ratios.
/// The outputs of both are checked equal first.
enum KernelBenchmark {
    static let shapes: [(name: String, rows: Int, inputs: Int, outputs: Int)] = [
        ("Lfys48 inputs, a chunk of 192 columns", 192, 16, 192),
        ("Lfys48 recurrent, a chunk", 192, 48, 192),
        ("Lfys48 inputs, 4096 columns at once (before chunking)", 4096, 16, 192),
        ("Lfx96 inputs, 8 lines", 8, 48, 384),
        ("Lfx96/Lrx96 recurrent, 1 line", 1, 96, 384),
        ("Lfx96/Lrx96 recurrent, 8 lines", 8, 96, 384),
        ("Lfx96/Lrx96 recurrent, 32 lines", 32, 96, 384),
        ("Lfx192 inputs, 8 lines", 8, 96, 768),
        ("Lfx192 inputs, 2000 positions at once (before)", 2000, 96, 768),
        ("Lfx192 recurrent, 1 line", 1, 192, 768),
        ("Lfx192 recurrent, 8 lines", 8, 192, 768),
        ("Lfx192 recurrent, 32 lines", 32, 192, 768),
    ]

    static func run(rounds: Int) -> [Comparison] {
        report("| shape (rows x inputs -> outputs) | before GMAC/s | pairs GMAC/s | speed-up (median of \(rounds) rounds) |")
        report("| --- | --- | --- | --- |")
        var comparisons: [Comparison] = []
        for shape in shapes {
            let (rows, inputs, outputs) = (shape.rows, shape.inputs, shape.outputs)
            var state = UInt64(rows * 7919 + inputs * 31 + outputs)
            func next() -> UInt64 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return state >> 33
            }
            let padded = Int(line_s8_padded_inputs(Int32(inputs)))
            var bytes = [UInt8](repeating: 128, count: Int(line_s8_padded_rows(Int32(rows))) * padded)
            for r in 0..<rows {
                for i in 0..<inputs { bytes[r * padded + i] = UInt8(next() % 255 + 1) }
            }
            let weights = (0..<(outputs * inputs)).map { _ in Int8(truncatingIfNeeded: next()) }
            var packed = [Int8](repeating: 0, count: line_s8_packed_size(Int32(outputs), Int32(inputs)))
            line_s8_pack(weights, Int32(outputs), Int32(inputs), Int32(inputs), &packed)
            let paddedOutputs = Int(line_s8_padded_outputs(Int32(outputs)))
            let sums = (0..<paddedOutputs).map { o in
                o < outputs ? (0..<inputs).reduce(Int32(0)) { $0 + Int32(weights[o * inputs + $1]) } : 0
            }
            let scales = [Float](repeating: 0.001, count: paddedOutputs)
            let bias = [Float](repeating: 0.5, count: paddedOutputs)
            var output = [Float](repeating: 0, count: rows * outputs)
            // About 20 million multiply-adds a timing.
            let calls = max(3, 20_000_000 / (rows * inputs * outputs))
            func time(_ path: Int32) -> Double {
                let (_, measure) = Measure.time {
                    for _ in 0..<calls {
                        _ = line_s8_multiply_path(path, bytes, Int32(rows), Int32(inputs), packed, Int32(outputs),
                                                  sums, scales, bias, &output, Int32(outputs))
                    }
                }
                return measure.cpu / Double(calls)
            }
            var check = output
            guard line_s8_multiply_path(Int32(LINE_S8_AVX2_PAIRS), bytes, Int32(rows), Int32(inputs), packed,
                                        Int32(outputs), sums, scales, bias, &output, Int32(outputs)) == 1,
                  line_s8_multiply_path(Int32(LINE_S8_AVX2_WIDENING), bytes, Int32(rows), Int32(inputs), packed,
                                        Int32(outputs), sums, scales, bias, &check, Int32(outputs)) == 1
            else {
                report("no AVX2 on this CPU: nothing to compare")
                return []
            }
            precondition(output == check, "the two paths differ on \(shape.name)")
            var before = BenchmarkResult(name: "s8 multiply before: \(shape.name)")
            var pairs = BenchmarkResult(name: "s8 multiply pairs: \(shape.name)")
            for round in 0..<max(1, rounds) {
                if round % 2 == 0 {
                    before.cpu.append(time(Int32(LINE_S8_AVX2_WIDENING)))
                    pairs.cpu.append(time(Int32(LINE_S8_AVX2_PAIRS)))
                } else {
                    pairs.cpu.append(time(Int32(LINE_S8_AVX2_PAIRS)))
                    before.cpu.append(time(Int32(LINE_S8_AVX2_WIDENING)))
                }
            }
            before.wall = before.cpu
            pairs.wall = pairs.cpu
            let comparison = Comparison(baseline: before, candidate: pairs)
            let macs = Double(rows * inputs * outputs)
            report("| \(shape.name): \(rows) x \(inputs) -> \(outputs) | \(format(macs / before.cpuMedian / 1e6, 1)) | "
                + "\(format(macs / pairs.cpuMedian / 1e6, 1)) | \(format(1 / comparison.cpuRatio, 2))x |")
            comparisons.append(comparison)
        }
        return comparisons
    }
}
