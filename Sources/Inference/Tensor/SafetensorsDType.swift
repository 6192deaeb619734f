/// The element types a safetensors tensor may be stored in that this reader converts to `Float`.
public enum SafetensorsDType: String, Sendable {
    case f32 = "F32"
    case f16 = "F16"
    case bf16 = "BF16"

    /// Bytes per element.
    public var size: Int {
        switch self {
        case .f32: 4
        case .f16, .bf16: 2
        }
    }

    /// Converts `count` little-endian elements starting at `bytes` (any alignment) to Float.
    func convert(_ bytes: UnsafeRawPointer, count: Int) -> [Float] {
        [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
            switch self {
            case .f32:
                for index in 0..<count {
                    let bits = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self))
                    buffer[index] = Float(bitPattern: bits)
                }
            case .f16:
                for index in 0..<count {
                    let bits = UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: 2 * index, as: UInt16.self))
                    buffer[index] = Float(Float16(bitPattern: bits))
                }
            case .bf16:
                for index in 0..<count {
                    let bits = UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: 2 * index, as: UInt16.self))
                    buffer[index] = Float(bitPattern: UInt32(bits) << 16)
                }
            }
            initialized = count
        }
    }
}
