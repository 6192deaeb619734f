@testable import LineRecognition
import Testing
import TestSupport

@Suite("repeated LSTM sequences run once")
struct RepeatedSequencesTests {
    @Test("given byte strings some of which repeat earlier ones, when grouped, then each string points at the first with its bytes")
    func groupsRepeats() {
        // Width 12: one 8-byte word and four single bytes per string.
        let a = (0..<12).map { UInt8($0) }, b = (0..<12).map { UInt8(200 - $0) }
        var c = a
        c[11] = 99
        let bytes = a + b + a + c + b + a
        let repeats = bytes.withUnsafeBufferPointer { RepeatedSequences($0.baseAddress!, count: 6, width: 12) }
        #expect(repeats.firsts == [0, 1, 3])
        #expect(repeats.representative == [0, 1, 0, 2, 1, 0])
        #expect(repeats.hasRepeats)
        let single = a.withUnsafeBufferPointer { RepeatedSequences($0.baseAddress!, count: 1, width: 12) }
        #expect(single.firsts == [0] && !single.hasRepeats)
    }

    @Test("given an 8-bit LSTM over rows all as long, some repeating others to within the bytes' rounding, when run together, then every row's outputs are bit for bit those of the row run alone")
    func repeatsGiveTheSameOutputs() {
        let inputs = 6, cells = 8, length = 5
        var random = SplitMix64(seed: 7)
        let columns = inputs + cells + 1
        let gates = (0..<4).map { _ in (0..<(cells * columns)).map { _ in Int8(Int(random.next() % 255) - 127) } }
        let steps = (0..<(4 * cells)).map { _ in Float(random.next() % 1000 + 1) / 20_000 }
        let floats = gates.enumerated().map { gate, values in
            values.enumerated().map { index, value in Float(value) * steps[gate * cells + index / columns] }
        }
        var weights = RecurrentWeights(gates: floats, inputs: inputs, cells: cells)
        weights.quantize(gates: gates, steps: steps)
        // Three distinct rows of whole byte steps; a fourth differs from the first by a tenth of a step (the same
        // bytes).
        let pool = (0..<3).map { _ in (0..<(length * inputs)).map { _ in Float(Int(random.next() % 229) - 114) / 127 } }
        let nudged = pool[0].map { $0 + 0.1 / 127 }
        let rows = [pool[0], pool[1], pool[0], pool[2], nudged, pool[1], pool[2], pool[0]]
        let maps = [
            LineFeatures(height: 5, width: length, depth: inputs, values: rows[0..<5].flatMap { $0 }),
            LineFeatures(height: 3, width: length, depth: inputs, values: rows[5..<8].flatMap { $0 }),
        ]
        for summarizing in [false, true] {
            let together = weights.run(maps, summarizing: summarizing, scratch: LineScratch())
            let width = summarizing ? 1 : length
            for (index, row) in rows.enumerated() {
                let alone = weights.run([LineFeatures(height: 1, width: length, depth: inputs, values: row)],
                                        summarizing: summarizing, scratch: LineScratch())[0].values
                let (map, line) = index < 5 ? (0, index) : (1, index - 5)
                let span = width * cells
                let got = Array(together[map].values[(line * span)..<((line + 1) * span)])
                #expect(got.map(\.bitPattern) == alone.map(\.bitPattern), "row \(index), summarizing \(summarizing)")
            }
        }
    }
}
