import CLineKernels

/// A weight matrix kept as the model's 8-bit integers with a scale per output row, packed for
/// `line_s8_multiply`: the arithmetic of Tesseract's integer models (inputs rounded to 1/127), run as 8-bit
/// dot products (AVX-512 VNNI where the CPU has it; else AVX2 on a 16-bit copy of the weights packed alongside).
struct QuantizedMatrix: Sendable {
    let outputs: Int
    let inputs: Int
    private let packed: [Int8]
    private let columnSums: [Int32]
    /// Each row's quantisation step over 127 (the inputs' step).
    private let scales: [Float]

    /// - Parameters:
    ///   - rows: `outputs` rows of `inputs` integers.
    ///   - steps: each row's quantisation step (weight = integer × step).
    init(rows: [[Int8]], steps: [Float], inputs: Int) {
        let count = rows.count
        outputs = count
        self.inputs = inputs
        let flat = rows.flatMap { $0 }
        var packed = [Int8](repeating: 0, count: line_s8_packed_size(Int32(count), Int32(inputs)))
        packed.withUnsafeMutableBufferPointer { target in
            line_s8_pack(flat, Int32(count), Int32(inputs), Int32(inputs), target.baseAddress)
        }
        self.packed = packed
        let padded = Int(line_s8_padded_outputs(Int32(count)))
        columnSums = (0..<padded).map { $0 < rows.count ? rows[$0].reduce(0) { $0 + Int32($1) } : 0 }
        scales = (0..<padded).map { $0 < steps.count ? steps[$0] / 127 : 0 }
        ArithmeticBaseline.apply()
    }

    /// Bytes of quantised input for `rows` rows.
    func inputBytes(rows: Int) -> Int {
        Int(line_s8_padded_rows(Int32(rows))) * Int(line_s8_padded_inputs(Int32(inputs)))
    }

    /// output[r] += this · values[r] for `rows` rows of `values` (row stride `stride`, values in -1...1),
    /// quantised into `buffer` first (at least `inputBytes(rows:)` bytes); with `bias`, output[r] = bias +
    /// this · values[r] instead.
    func multiply(_ values: UnsafePointer<Float>, rows: Int, stride: Int, buffer: UnsafeMutablePointer<UInt8>,
                  bias: UnsafePointer<Float>? = nil, into output: UnsafeMutablePointer<Float>, outputStride: Int) {
        guard rows > 0 else { return }
        quantize(values, rows: rows, stride: stride, into: buffer)
        multiply(quantized: buffer, rows: rows, bias: bias, into: output, outputStride: outputStride)
    }

    /// Rounds `rows` rows of `values` (row stride `stride`, values in -1...1) to the bytes `multiply(quantized:)`
    /// takes: `inputBytes(rows: 1) / 4` bytes a row, `inputBytes(rows:)` in all.
    func quantize(_ values: UnsafePointer<Float>, rows: Int, stride: Int, into buffer: UnsafeMutablePointer<UInt8>) {
        line_s8_quantize(values, Int32(rows), Int32(inputs), Int32(stride), buffer)
    }

    /// `multiply` on inputs already rounded by `quantize` (`buffer`: at least `inputBytes(rows:)` bytes).
    func multiply(quantized buffer: UnsafePointer<UInt8>, rows: Int, bias: UnsafePointer<Float>? = nil,
                  into output: UnsafeMutablePointer<Float>, outputStride: Int) {
        guard rows > 0 else { return }
        packed.withUnsafeBufferPointer { packed in
            columnSums.withUnsafeBufferPointer { sums in
                scales.withUnsafeBufferPointer { scales in
                    line_s8_multiply(buffer, Int32(rows), Int32(inputs), packed.baseAddress, Int32(outputs),
                                     sums.baseAddress, scales.baseAddress, bias, output, Int32(outputStride))
                }
            }
        }
    }
}
