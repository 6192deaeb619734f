/// Reusable buffers for one worker's line recognition. A page's batched arrays run to megabytes; kept here
/// between pages, they are not mapped, faulted in, zeroed and unmapped again for every page.
///
/// Used by one recognition at a time (the text stage keeps one per worker).
package final class LineScratch: @unchecked Sendable {
    /// The inputs of an LSTM's sequences, one after another.
    var gathered: [Float] = []
    /// The inputs' share of every gate at every step.
    var projected: [Float] = []
    /// Every step's output of an LSTM.
    var outputs: [Float] = []
    /// A dense layer's inputs over all maps, and its sums.
    var denseInputs: [Float] = []
    var denseSums: [Float] = []

    /// Inputs rounded to bytes for the 8-bit multiplies: of the positions, and of the previous outputs.
    var quantizedInputs: [UInt8] = []
    var quantizedOutputs: [UInt8] = []

    package init() {}

    /// Makes `buffer` hold at least `count` bytes.
    static func reserve(_ buffer: inout [UInt8], _ count: Int) {
        if buffer.count < count { buffer = [UInt8](repeating: 0, count: count) }
    }

    /// Makes `buffer` hold at least `count` values (its contents are not kept when it grows).
    static func reserve(_ buffer: inout [Float], _ count: Int) {
        if buffer.count < count { buffer = [Float](repeating: 0, count: count) }
    }
}
