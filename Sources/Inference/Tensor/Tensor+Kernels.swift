import CKernels
import Foundation

/// The element-wise and row-wise kernels the transformer models need besides matrix multiply.
extension Tensor {
    /// Layer normalisation over the last dimension, with per-feature `weight` (gamma) and `bias` (beta).
    public mutating func layerNormalize(weight: Tensor, bias: Tensor, epsilon: Float) {
        let width = shape.last ?? 0
        precondition(weight.count == width && bias.count == width, "layer norm of width \(width)")
        guard width > 0 else { return }
        storage.withUnsafeMutableBufferPointer { values in
            weight.storage.withUnsafeBufferPointer { gamma in
                bias.storage.withUnsafeBufferPointer { beta in
                    guard let start = values.baseAddress else { return }
                    for row in 0..<(values.count / width) {
                        let base = row * width
                        let mean = Self.sum(start + base, count: width) / Float(width)
                        let squares = Self.sumOfSquares(start + base, count: width, centredOn: mean)
                        let scale = 1 / (squares / Float(width) + epsilon).squareRoot()
                        for index in 0..<width {
                            values[base + index] = (values[base + index] - mean) * scale * gamma[index] + beta[index]
                        }
                    }
                }
            }
        }
    }

    /// Adds `other`, of the same element count, element by element (a residual connection).
    public mutating func add(_ other: Tensor) {
        precondition(count == other.count, "adding \(other.shape) to \(shape)")
        storage.withUnsafeMutableBufferPointer { values in
            other.storage.withUnsafeBufferPointer { addend in
                for index in 0..<values.count { values[index] += addend[index] }
            }
        }
    }

    /// CLIP's quick GELU, x·σ(1.702x), vectorised in `CKernels` (within 2 ulp of the formula with libm's exp;
    /// the AVX-512 and portable paths give the same bits; `portable` forces the latter, for tests).
    public mutating func applyQuickGELU(portable: Bool = false) {
        storage.withUnsafeMutableBufferPointer { values in
            ck_quick_gelu(values.baseAddress, values.count, portable ? 1 : 0)
        }
    }

    /// The exact GELU, x·Φ(x) with the error function.
    public mutating func applyGELU() {
        storage.withUnsafeMutableBufferPointer { values in
            for index in 0..<values.count {
                let x = values[index]
                values[index] = 0.5 * x * (1 + Foundation.erf(x / Float(2).squareRoot()))
            }
        }
    }

    /// Scales every row (last dimension) to unit Euclidean length; an all-zero row stays zero.
    public mutating func normalizeRows() {
        let width = shape.last ?? 0
        guard width > 0 else { return }
        storage.withUnsafeMutableBufferPointer { values in
            for row in 0..<(values.count / width) {
                let base = row * width
                var squares: Float = 0
                for index in 0..<width { squares += values[base + index] * values[base + index] }
                guard squares > 0 else { continue }
                let scale = 1 / squares.squareRoot()
                for index in 0..<width { values[base + index] *= scale }
            }
        }
    }
}

extension Tensor {
    /// The sum of `count` floats in 16 interleaved partial sums (vectorised, the same order on every CPU).
    static func sum(_ values: UnsafeMutablePointer<Float>, count: Int) -> Float {
        var lanes = SIMD16<Float>(repeating: 0)
        var index = 0
        while index + 16 <= count {
            lanes += UnsafeRawPointer(values + index).loadUnaligned(as: SIMD16<Float>.self)
            index += 16
        }
        var total = lanes.sum()
        while index < count { total += values[index]; index += 1 }
        return total
    }

    /// The sum of (value − mean)² over `count` floats, vectorised like `sum`.
    static func sumOfSquares(_ values: UnsafeMutablePointer<Float>, count: Int, centredOn mean: Float) -> Float {
        var lanes = SIMD16<Float>(repeating: 0)
        let means = SIMD16<Float>(repeating: mean)
        var index = 0
        while index + 16 <= count {
            let centred = UnsafeRawPointer(values + index).loadUnaligned(as: SIMD16<Float>.self) - means
            lanes += centred * centred
            index += 16
        }
        var total = lanes.sum()
        while index < count {
            let centred = values[index] - mean
            total += centred * centred
            index += 1
        }
        return total
    }

    /// Softmax over a row of `count` floats in place, stable against overflow (attention scores).
    public static func softmaxInPlace(_ row: UnsafeMutablePointer<Float>, count: Int) {
        guard count > 0 else { return }
        var largest = row[0]
        for index in 1..<count where row[index] > largest { largest = row[index] }
        var sum: Float = 0
        for index in 0..<count {
            let value = Foundation.exp(row[index] - largest)
            row[index] = value
            sum += value
        }
        let scale = 1 / sum
        for index in 0..<count { row[index] *= scale }
    }
}
