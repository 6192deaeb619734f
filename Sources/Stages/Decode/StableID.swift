import Runner

/// Capture ids that stay the same across runs: 64-bit FNV-1a of the source id and the path within the source,
/// as sixteen hex digits. Moving a file makes it a new capture; touching or editing it keeps its id.
public enum StableID {
    public static func capture(source: String, relativePath: String) -> CaptureID {
        var hash = fnv1a64(Array(source.utf8))
        hash = fnv1a64([0], seed: hash) // separator: ("ab", "c") and ("a", "bc") differ
        hash = fnv1a64(Array(relativePath.utf8), seed: hash)
        let digits = String(hash, radix: 16)
        return CaptureID(String(repeating: "0", count: 16 - digits.count) + digits)
    }

    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// 64-bit FNV-1a over `bytes`, continuing from `seed`.
    static func fnv1a64(_ bytes: [UInt8], seed: UInt64 = offsetBasis) -> UInt64 {
        var hash = seed
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= prime
        }
        return hash
    }
}
