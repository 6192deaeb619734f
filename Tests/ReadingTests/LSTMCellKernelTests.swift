import CLineKernels
import Testing
import TestSupport

/// The LSTM cell over all a step's sequences in one call (`line_lstm_cells`, several vectors of cells in flight)
/// against the one-sequence kernel it replaced in the recogniser's steps: the same floats, bit for bit, on the
/// `eng` network's sizes (48, 96, 192 cells), on sizes whose cells end inside a vector, and with the sums and
/// states at the extremes the recogniser clips.
@Suite("LSTM cell kernel")
struct LSTMCellKernelTests {
    @Test("given random gate sums and states, when every sequence's cells run in one call, then states and outputs equal the one-sequence kernel's bit for bit",
          arguments: [(1, 48), (192, 48), (7, 96), (16, 192), (5, 37), (3, 100), (2, 1), (9, 15)])
    func batchedEqualsOneByOne(rows: Int, cells: Int) {
        var random = SplitMix64(seed: UInt64(rows * 7919 + cells))
        // Sums mostly in the gates' working range, some far outside it (the exponentials' clamps); states up to
        // past the clip at 100.
        let gates = (0..<(rows * 4 * cells)).map { index -> Float in
            let unit = Float(random.next() % 2_000_001) / 1_000_000 - 1
            return index % 11 == 0 ? unit * 150 : unit * 12
        }
        let states = (0..<(rows * cells)).map { _ in Float(random.next() % 2_400_001) / 10_000 - 120 }
        var oneState = states, oneOutput = [Float](repeating: .nan, count: rows * cells)
        var gatesCopy = gates
        for row in 0..<rows {
            gatesCopy.withUnsafeMutableBufferPointer { g in
                oneState.withUnsafeMutableBufferPointer { s in
                    oneOutput.withUnsafeMutableBufferPointer { o in
                        line_lstm_cell(g.baseAddress! + row * 4 * cells, s.baseAddress! + row * cells,
                                       o.baseAddress! + row * cells, Int32(cells), 100)
                    }
                }
            }
        }
        var allGates = gates, allState = states, allOutput = [Float](repeating: .nan, count: rows * cells)
        line_lstm_cells(&allGates, &allState, &allOutput, Int32(rows), Int32(cells), 100)
        #expect(allState.map(\.bitPattern) == oneState.map(\.bitPattern))
        #expect(allOutput.map(\.bitPattern) == oneOutput.map(\.bitPattern))
        #expect(allState.allSatisfy { abs($0) <= 100 })
    }
}
