/// How a vector is stored in `vectors.data`: its Float32 values, little-endian, one after another.
public enum VectorEncoding {
    public static func bytes(of values: [Float]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(values.count * 4)
        for value in values {
            let bits = value.bitPattern.littleEndian
            withUnsafeBytes(of: bits) { bytes.append(contentsOf: $0) }
        }
        return bytes
    }

    /// The values of `bytes`; nil when the byte count is not a multiple of four.
    public static func values(of bytes: [UInt8]) -> [Float]? {
        guard bytes.count % 4 == 0 else { return nil }
        return stride(from: 0, to: bytes.count, by: 4).map { offset in
            let bits = UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
                | UInt32(bytes[offset + 3]) << 24
            return Float(bitPattern: bits)
        }
    }
}
