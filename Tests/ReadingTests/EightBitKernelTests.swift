import CLineKernels
import Testing
import TestSupport

/// The 8-bit multiply's fast paths (AVX2 here, VNNI where the CPU has it) against its portable loop, on the
/// shapes the fast paths split differently: row counts around their chunk of four, outputs ending inside a
/// block of 16 or a half-block of 8, inputs past the AVX2 path's stack buffer.
@Suite("8-bit line kernels")
struct EightBitKernelTests {
    @Test("given random bytes and weights of many shapes, when multiplied by the dispatched path, then every output equals the portable path's exactly",
          arguments: [(1, 4, 1), (3, 5, 8), (4, 45, 70), (5, 96, 111), (9, 291, 384), (13, 100, 9), (6, 1100, 40)])
    func fastPathEqualsPortable(rows: Int, inputs: Int, outputs: Int) {
        var random = SplitMix64(seed: UInt64(rows * 1_000_003 + inputs * 101 + outputs))
        let padded = Int(line_s8_padded_inputs(Int32(inputs)))
        let paddedRows = Int(line_s8_padded_rows(Int32(rows)))
        var bytes = [UInt8](repeating: 128, count: paddedRows * padded)
        for r in 0..<rows {
            for i in 0..<inputs { bytes[r * padded + i] = UInt8(truncatingIfNeeded: random.next() % 255 + 1) }
        }
        let weights = (0..<(outputs * inputs)).map { _ in Int8(Int(random.next() % 255) - 127) }
        var packed = [Int8](repeating: 0, count: line_s8_packed_size(Int32(outputs), Int32(inputs)))
        line_s8_pack(weights, Int32(outputs), Int32(inputs), Int32(inputs), &packed)
        let paddedOutputs = Int(line_s8_padded_outputs(Int32(outputs)))
        let sums = (0..<paddedOutputs).map { o in
            o < outputs ? (0..<inputs).reduce(Int32(0)) { $0 + Int32(weights[o * inputs + $1]) } : 0
        }
        let scales = (0..<paddedOutputs).map { o in o < outputs ? Float(random.next() % 1000 + 1) / 127_000 : 0 }
        let bias = (0..<paddedOutputs).map { _ in Float(Int(random.next() % 2001) - 1000) / 1000 }
        // Wider rows than the outputs, so writes past an output row would show.
        let stride = outputs + 3
        for useBias in [false, true] {
            var fast = [Float](repeating: 0.5, count: rows * stride)
            var portable = fast
            line_s8_multiply(bytes, Int32(rows), Int32(inputs), packed, Int32(outputs), sums, scales,
                             useBias ? bias : nil, &fast, Int32(stride))
            line_s8_multiply_portable(bytes, Int32(rows), Int32(inputs), packed, Int32(outputs), sums, scales,
                                      useBias ? bias : nil, &portable, Int32(stride))
            #expect(fast == portable)
        }
    }
}
