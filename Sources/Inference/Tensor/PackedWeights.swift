import CKernels

/// The memory of one packed weight (`ck_weights_alloc`: huge pages where the OS gives them), written once
/// while packing and only read after that; freed with the last `PackedLinear` that holds it.
final class PackedWeights: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
    let bytes: Int

    init(bytes: Int) {
        guard let base = ck_weights_alloc(bytes) else { fatalError("out of memory packing \(bytes) bytes of weights") }
        self.base = base
        self.bytes = bytes
    }

    deinit { ck_weights_free(base) }

    func floats(_ count: Int) -> UnsafeMutablePointer<Float> { base.bindMemory(to: Float.self, capacity: count) }
    func halves(_ count: Int) -> UnsafeMutablePointer<UInt16> { base.bindMemory(to: UInt16.self, capacity: count) }
}
