import CLineKernels
import COpenBLAS

/// Running one LSTM layer: every row of every map is a sequence along x. All sequences advance together,
/// longest first, so each step is one matrix multiply over the sequences still running, and the inputs'
/// share of every step is one multiply up front.
extension RecurrentWeights {
    /// Tesseract clips the cell state to this range.
    static let stateLimit: Float = 100
    /// Sequences of one length advanced together: about 150 KB of sums for an LSTM of 48 cells.
    static let chunk = 192

    /// One sequence: which map and row it is, its length, and where it starts among all positions.
    private struct Sequence {
        var map: Int
        var row: Int
        var length: Int
        var start = 0
    }

    /// The layer over `maps`; `summarizing` keeps only each row's last output (the maps become one wide).
    func run(_ maps: [LineFeatures], summarizing: Bool, scratch: LineScratch) -> [LineFeatures] {
        var sequences: [Sequence] = []
        for (index, map) in maps.enumerated() {
            precondition(map.depth == inputs, "LSTM of \(inputs) inputs given \(map.depth)")
            guard map.width > 0 else { continue }
            for row in 0..<map.height { sequences.append(Sequence(map: index, row: row, length: map.width)) }
        }
        sequences.sort { $0.length > $1.length }
        var total = 0
        for index in sequences.indices {
            sequences[index].start = total
            total += sequences[index].length
        }
        LineScratch.reserve(&scratch.gathered, total * inputs)
        scratch.gathered.withUnsafeMutableBufferPointer { gathered in
            for sequence in sequences {
                let map = maps[sequence.map], rowLength = map.width * inputs
                map.values.withUnsafeBufferPointer { values in
                    (gathered.baseAddress! + sequence.start * inputs)
                        .update(from: values.baseAddress! + sequence.row * rowLength, count: rowLength)
                }
            }
        }
        // Sequences all as long (an LSTM along y: every column of every line) run in chunks, so each step's sums,
        // states and outputs stay in the cache instead of streaming megabytes through memory at every step. Only
        // with 8-bit weights, whose sums for one row do not depend on the other rows (a float sgemm's may).
        var last: [Float] = []
        let chunked = quantized != nil && sequences.first?.length == sequences.last?.length
            && !ArithmeticBaseline.isOn
        let chunk = chunked ? Self.chunk : max(1, sequences.count)
        for first in stride(from: 0, to: sequences.count, by: chunk) {
            last += advance(sequences: sequences[first..<min(first + chunk, sequences.count)], total: total,
                            keepAll: !summarizing, scratch: scratch)
        }
        let outputs = scratch.outputs

        var results = maps.map {
            LineFeatures(height: $0.height, width: summarizing ? min(1, $0.width) : $0.width, depth: cells)
        }
        for (index, sequence) in sequences.enumerated() {
            if summarizing {
                let target = sequence.row * cells
                results[sequence.map].values.replaceSubrange(target..<(target + cells),
                                                             with: last[(index * cells)..<((index + 1) * cells)])
            } else {
                let target = sequence.row * sequence.length * cells, source = sequence.start * cells
                results[sequence.map].values.replaceSubrange(
                    target..<(target + sequence.length * cells),
                    with: outputs[source..<(source + sequence.length * cells)])
            }
        }
        return results
    }

    /// Runs the sorted sequences of `scratch.gathered`; leaves every step's output (when `keepAll`) in
    /// `scratch.outputs`, in the gathered order, and returns each sequence's last output.
    private func advance(sequences: ArraySlice<Sequence>, total: Int, keepAll: Bool, scratch: LineScratch)
        -> [Float]
    {
        let sequences = Array(sequences)
        let gates = 4 * cells, cells = cells, count = sequences.count
        var output = [Float](repeating: 0, count: count * cells)
        guard total > 0 else { return output }
        if keepAll { LineScratch.reserve(&scratch.outputs, total * cells) }
        // The inputs' share of every gate at every position, bias included: step by step, straight into the sums,
        // when the sequences are all as long, or with 8-bit weights (their inputs rounded to bytes up front and
        // gathered at each step: no buffer of every position's gates to stream through memory); else up front.
        let sameLength = sequences[0].length == sequences[count - 1].length
        let projectEachStep = quantized != nil && !ArithmeticBaseline.isOn
        var stepBytes: [UInt8] = []
        if let (quantizedInput, quantizedRecurrent) = quantized {
            LineScratch.reserve(&scratch.quantizedInputs, quantizedInput.inputBytes(rows: sameLength ? count : total))
            LineScratch.reserve(&scratch.quantizedOutputs, quantizedRecurrent.inputBytes(rows: count))
            if projectEachStep && !sameLength {
                stepBytes = [UInt8](repeating: 128, count: quantizedInput.inputBytes(rows: count))
                scratch.gathered.withUnsafeBufferPointer { values in
                    scratch.quantizedInputs.withUnsafeMutableBufferPointer { bytes in
                        quantizedInput.quantize(values.baseAddress!, rows: total, stride: inputs,
                                                into: bytes.baseAddress!)
                    }
                }
            }
        }
        if !sameLength && !projectEachStep {
            LineScratch.reserve(&scratch.projected, total * gates)
            scratch.projected.withUnsafeMutableBufferPointer { out in
                scratch.gathered.withUnsafeBufferPointer { values in
                    if let (quantizedInput, _) = quantized {
                        scratch.quantizedInputs.withUnsafeMutableBufferPointer { bytes in
                            quantizedInput.multiply(values.baseAddress!, rows: total, stride: inputs,
                                                    buffer: bytes.baseAddress!, bias: bias, into: out.baseAddress!,
                                                    outputStride: gates)
                        }
                    } else {
                        for position in 0..<total {
                            (out.baseAddress! + position * gates).update(from: bias, count: gates)
                        }
                        inputWeights.withUnsafeBufferPointer { w in
                            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, blasint(total), blasint(gates),
                                        blasint(inputs), 1, values.baseAddress, blasint(inputs), w.baseAddress,
                                        blasint(inputs), 1, out.baseAddress, blasint(gates))
                        }
                    }
                }
            }
        }
        var sums = [Float](repeating: 0, count: count * gates)
        var state = [Float](repeating: 0, count: count * cells)
        scratch.gathered.withUnsafeBufferPointer { gathered in
        scratch.projected.withUnsafeBufferPointer { projected in
        recurrentWeights.withUnsafeBufferPointer { recurrent in
        sums.withUnsafeMutableBufferPointer { sums in
        state.withUnsafeMutableBufferPointer { state in
        output.withUnsafeMutableBufferPointer { output in
        scratch.outputs.withUnsafeMutableBufferPointer { outputs in
            var active = count
            for step in 0..<sequences[0].length {
                while active > 0 && sequences[active - 1].length <= step { active -= 1 }
                if sameLength {
                    let length = sequences[0].length
                    let first = gathered.baseAddress! + (sequences[0].start + step) * inputs
                    if let (quantizedInput, _) = quantized {
                        scratch.quantizedInputs.withUnsafeMutableBufferPointer { bytes in
                            quantizedInput.multiply(first, rows: active, stride: length * inputs,
                                                    buffer: bytes.baseAddress!, bias: bias, into: sums.baseAddress!,
                                                    outputStride: gates)
                        }
                    } else {
                        for index in 0..<active {
                            (sums.baseAddress! + index * gates).update(from: bias, count: gates)
                        }
                        inputWeights.withUnsafeBufferPointer { w in
                            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, blasint(active), blasint(gates),
                                        blasint(inputs), 1, first,
                                        blasint(length * inputs), w.baseAddress, blasint(inputs), 1,
                                        sums.baseAddress, blasint(gates))
                        }
                    }
                } else if projectEachStep, let (quantizedInput, _) = quantized {
                    scratch.quantizedInputs.withUnsafeBufferPointer { bytes in
                        stepBytes.withUnsafeMutableBufferPointer { target in
                            let row = quantizedInput.inputBytes(rows: 1) / 4
                            for index in 0..<active {
                                (target.baseAddress! + index * row).update(
                                    from: bytes.baseAddress! + (sequences[index].start + step) * row, count: row)
                            }
                            quantizedInput.multiply(quantized: target.baseAddress!, rows: active, bias: bias,
                                                    into: sums.baseAddress!, outputStride: gates)
                        }
                    }
                } else {
                    for index in 0..<active {
                        let from = (sequences[index].start + step) * gates
                        (sums.baseAddress! + index * gates).update(from: projected.baseAddress! + from, count: gates)
                    }
                }
                if step > 0, let (_, quantizedRecurrent) = quantized {
                    scratch.quantizedOutputs.withUnsafeMutableBufferPointer { bytes in
                        quantizedRecurrent.multiply(output.baseAddress!, rows: active, stride: cells,
                                                    buffer: bytes.baseAddress!, into: sums.baseAddress!,
                                                    outputStride: gates)
                    }
                } else if step > 0 {
                    if active == 1 {
                        cblas_sgemv(CblasRowMajor, CblasNoTrans, blasint(gates), blasint(cells), 1,
                                    recurrent.baseAddress, blasint(cells), output.baseAddress, 1, 1,
                                    sums.baseAddress, 1)
                    } else {
                        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, blasint(active), blasint(gates),
                                    blasint(cells), 1, output.baseAddress, blasint(cells), recurrent.baseAddress,
                                    blasint(cells), 1, sums.baseAddress, blasint(gates))
                    }
                }
                // The cells of every running sequence in one call (their chains overlap; the same floats).
                line_lstm_cells(sums.baseAddress!, state.baseAddress!, output.baseAddress!, Int32(active),
                                Int32(cells), Self.stateLimit)
                if keepAll {
                    for index in 0..<active {
                        (outputs.baseAddress! + (sequences[index].start + step) * cells)
                            .update(from: output.baseAddress! + index * cells, count: cells)
                    }
                }
            }
        }
        }
        }
        }
        }
        }
        }
        return output
    }
}
