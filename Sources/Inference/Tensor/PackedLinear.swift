import CKernels
import Dispatch

/// A fully connected layer whose weight is packed once, at load time, for products with few rows (a text
/// query's 3–77 tokens): each call streams every weight once for all rows together, with no per-call
/// repacking (which is what makes OpenBLAS slow at a few rows; docs/models.md).
///
/// Runs an AVX-512 kernel when the CPU has it and a portable C loop otherwise; both add the products in
/// the same order with fused multiply-adds, so they give the same bits (`float16Arithmetic`: AVX512-FP16, or
/// an exact emulation of its roundings).
public struct PackedLinear: Sendable {
    /// Output features (the weight's rows in PyTorch's out×in layout).
    public let outputs: Int
    /// Input features.
    public let inputs: Int
    public let precision: WeightPrecision
    /// The packed weight: Floats for `float32`, halves otherwise.
    private let weights: PackedWeights
    /// `float16Arithmetic`: the packed halves are the weights times 2^weightExponent (largest magnitude < 1).
    private let weightExponent: Int32
    private let bias: [Float]?

    /// Packs `weight` (outputs×inputs, PyTorch's layout) and keeps `bias` (outputs) if given.
    public init(weight: Tensor, bias: Tensor?, precision: WeightPrecision = .float32) {
        precondition(weight.rank == 2, "PackedLinear needs a rank-2 weight, got \(weight.shape)")
        outputs = weight.shape[0]
        inputs = weight.shape[1]
        precondition(bias.map { $0.count == weight.shape[0] } ?? true,
                     "bias of \(bias?.count ?? 0) for a layer of \(weight.shape[0]) outputs")
        self.precision = precision
        self.bias = bias?.storage
        let count = ck_packed_count(outputs, inputs)
        let (rows, columns) = (outputs, inputs)
        weights = PackedWeights(bytes: count * (precision == .float32 ? MemoryLayout<Float>.size : MemoryLayout<UInt16>.size))
        weightExponent = precision == .float16Arithmetic
            ? weight.storage.withUnsafeBufferPointer { ck_weight_exponent($0.baseAddress, $0.count) } : 0
        let (weights, exponent) = (weights, weightExponent)
        weight.storage.withUnsafeBufferPointer { source in
            switch precision {
            case .float32: ck_pack_f32(source.baseAddress, rows, columns, weights.floats(count))
            case .float16: ck_pack_f16(source.baseAddress, rows, columns, weights.halves(count))
            case .float16Arithmetic: ck_pack_f16_scaled(source.baseAddress, rows, columns, exponent, weights.halves(count))
            }
        }
    }

    /// Bytes the packed weight occupies (what one call streams).
    public var weightBytes: Int { weights.bytes }

    /// Whether calls run the AVX-512 kernel on this machine.
    public static var usesAVX512: Bool { ck_has_avx512() != 0 }

    /// Whether `float16Arithmetic` layers run natively here (AVX512-FP16) rather than emulated.
    public static var hasHalfArithmetic: Bool { ck_has_avx512_fp16() != 0 }

    /// `input` (rows×inputs) times the weightᵀ plus the bias: rows×outputs.
    ///
    /// `threads` > 1 splits the outputs into that many ranges run concurrently (a query's latency on an
    /// otherwise idle machine; each range still streams its weights once). `portable` forces the plain C
    /// path, which gives the same bits (for tests on machines with AVX-512). Results do not depend on
    /// `threads`: every output is computed the same way whichever thread does it.
    public func apply(_ input: Tensor, threads: Int = 1, portable: Bool = false) -> Tensor {
        precondition(input.rank == 2 && input.shape[1] == inputs,
                     "linear layer of \(inputs) inputs given \(input.shape)")
        let rows = input.shape[0]
        var result = Tensor(zeros: [rows, outputs])
        guard rows > 0, outputs > 0 else { return result }
        let block = Int(CK_BLOCK)
        let blocks = (outputs + block - 1) / block
        let parts = max(1, min(threads, blocks))
        let (inputs, outputs, precision, weightExponent) = (inputs, outputs, precision, weightExponent)
        let count = ck_packed_count(outputs, inputs)
        let single = SharedPointer(precision == .float32 ? UnsafePointer(weights.floats(count)) : nil)
        let half = SharedPointer(precision == .float32 ? nil : UnsafePointer(weights.halves(count)))
        input.storage.withUnsafeBufferPointer { x in
            result.storage.withUnsafeMutableBufferPointer { y in
                withBias { bias in
                    let y = SharedPointer(y.baseAddress), x = SharedPointer(x.baseAddress)
                    let bias = SharedPointer(bias)
                    let run = { @Sendable (part: Int) in
                        let first = blocks * part / parts, last = blocks * (part + 1) / parts
                        let column = first * block
                        let columns = min(outputs, last * block) - column
                        let offset = first * block * inputs
                        switch precision {
                        case .float32:
                            ck_linear_f32(x.pointer, rows, inputs, single.pointer.map { $0 + offset }, columns,
                                          bias.pointer.map { $0 + column }, y.pointer.map { $0 + column },
                                          outputs, portable ? 1 : 0)
                        case .float16:
                            ck_linear_f16(x.pointer, rows, inputs, half.pointer.map { $0 + offset }, columns,
                                          bias.pointer.map { $0 + column }, y.pointer.map { $0 + column },
                                          outputs, portable ? 1 : 0)
                        case .float16Arithmetic:
                            ck_linear_f16_arithmetic(x.pointer, rows, inputs, half.pointer.map { $0 + offset },
                                                     weightExponent, columns, bias.pointer.map { $0 + column },
                                                     y.pointer.map { $0 + column }, outputs, portable ? 1 : 0)
                        }
                    }
                    if parts == 1 { run(0) } else { DispatchQueue.concurrentPerform(iterations: parts, execute: run) }
                }
            }
        }
        return withExtendedLifetime(weights) { result }
    }

    private func withBias(_ body: (UnsafePointer<Float>?) -> Void) {
        guard let bias else { return body(nil) }
        bias.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}
