import CLineKernels
import Foundation

/// The elementwise functions of the line network, in place over a buffer (the gate functions in C, see
/// `line_kernels.h`).
enum Activations {
    static func tanh(_ values: UnsafeMutableBufferPointer<Float>) {
        guard let base = values.baseAddress else { return }
        line_tanh(base, Int32(values.count))
    }

    static func logistic(_ values: UnsafeMutableBufferPointer<Float>) {
        guard let base = values.baseAddress else { return }
        line_logistic(base, Int32(values.count))
    }

    /// Probabilities from sums; Tesseract bounds the exponent below so none is zero.
    static func softmax(_ values: UnsafeMutableBufferPointer<Float>) {
        guard let largest = values.max() else { return }
        var total: Float = 0
        for i in values.indices {
            let probability = Foundation.exp(max(-86, values[i] - largest))
            values[i] = probability
            total += probability
        }
        if total > 0 { for i in values.indices { values[i] /= total } }
    }
}
