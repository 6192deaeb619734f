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
        let (packed, sums, scales, bias) = Self.packed(weights, outputs: outputs, inputs: inputs, random: &random)
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

    @Test("given inputs at -127 and 127, weights at -128 and 127 and sizes off every blocking, when each path the CPU has multiplies, then its outputs equal the portable path's exactly",
          arguments: [Int(LINE_S8_AVX2_PAIRS), Int(LINE_S8_AVX2_WIDENING), Int(LINE_S8_VNNI)])
    func everyPathEqualsPortableAtTheExtremes(path: Int) {
        var random = SplitMix64(seed: UInt64(path) + 2026)
        var checked = 0
        // Rows around the tiles of four (widening, VNNI) and six (pairs); inputs around the groups of 4, the pairs
        // and the 16-input widening loads; outputs around panels of 8 and 16 and the blocks of 64.
        for rows in [1, 2, 5, 6, 7, 11, 13, 19] {
            for inputs in [1, 2, 3, 5, 15, 17, 31, 33, 47, 63, 97] {
                for outputs in [1, 7, 8, 9, 15, 17, 63, 65, 70] {
                    let ran = multiplyBoth(path: Int32(path), rows: rows, inputs: inputs, outputs: outputs, random: &random)
                    guard ran else { return }       // this CPU has not the path
                    checked += 1
                }
            }
        }
        #expect(checked == 8 * 11 * 9)
    }

    /// One shape: inputs with a row at -127 and one at 127 (bytes 1 and 255), the rest random bytes (0 included);
    /// weights with an output row at -128 and one at 127, the rest random. Compares `path` with the portable loop,
    /// with and without a bias; false if the path did not run.
    private func multiplyBoth(path: Int32, rows: Int, inputs: Int, outputs: Int, random: inout SplitMix64) -> Bool {
        let padded = Int(line_s8_padded_inputs(Int32(inputs)))
        var bytes = [UInt8](repeating: 128, count: Int(line_s8_padded_rows(Int32(rows))) * padded)
        for r in 0..<rows {
            for i in 0..<inputs {
                bytes[r * padded + i] = r == 0 ? 1 : r == 1 ? 255 : UInt8(truncatingIfNeeded: random.next())
            }
        }
        var weights = (0..<(outputs * inputs)).map { _ in Int8(truncatingIfNeeded: random.next()) }
        for i in 0..<inputs {
            weights[i] = -128
            if outputs > 1 { weights[inputs + i] = 127 }
        }
        let (packed, sums, scales, bias) = Self.packed(weights, outputs: outputs, inputs: inputs, random: &random)
        let stride = outputs + 5
        for useBias in [false, true] {
            var fast = [Float](repeating: 0.75, count: rows * stride)
            var portable = fast
            guard line_s8_multiply_path(path, bytes, Int32(rows), Int32(inputs), packed, Int32(outputs), sums, scales,
                                        useBias ? bias : nil, &fast, Int32(stride)) == 1 else { return false }
            line_s8_multiply_portable(bytes, Int32(rows), Int32(inputs), packed, Int32(outputs), sums, scales,
                                      useBias ? bias : nil, &portable, Int32(stride))
            #expect(fast == portable, "path \(path), \(rows) rows, \(inputs) inputs, \(outputs) outputs, bias \(useBias)")
        }
        return true
    }

    /// `weights` (outputs rows of `inputs`) packed for the kernels, with each output's weight sum, and random
    /// scales and biases for every padded output.
    private static func packed(_ weights: [Int8], outputs: Int, inputs: Int, random: inout SplitMix64)
        -> (packed: [Int8], sums: [Int32], scales: [Float], bias: [Float]) {
        var packed = [Int8](repeating: 0, count: line_s8_packed_size(Int32(outputs), Int32(inputs)))
        line_s8_pack(weights, Int32(outputs), Int32(inputs), Int32(inputs), &packed)
        let paddedOutputs = Int(line_s8_padded_outputs(Int32(outputs)))
        let sums = (0..<paddedOutputs).map { o in
            o < outputs ? (0..<inputs).reduce(Int32(0)) { $0 + Int32(weights[o * inputs + $1]) } : 0
        }
        let scales = (0..<paddedOutputs).map { o in o < outputs ? Float(random.next() % 1000 + 1) / 127_000 : 0 }
        let bias = (0..<paddedOutputs).map { _ in Float(Int(random.next() % 2001) - 1000) / 1000 }
        return (packed, sums, scales, bias)
    }
}
