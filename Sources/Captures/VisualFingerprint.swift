/// A 64-bit perceptual hash of a capture's image: near-identical pictures have hashes a small Hamming
/// distance apart. The output of the fingerprint stage.
public struct VisualFingerprint: Sendable, Equatable, Hashable {
    public var bits: UInt64

    public init(bits: UInt64) { self.bits = bits }

    /// Number of differing bits.
    public func distance(to other: VisualFingerprint) -> Int { (bits ^ other.bits).nonzeroBitCount }

    /// Sixteen lowercase hex digits.
    public var hex: String {
        let digits = String(bits, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
