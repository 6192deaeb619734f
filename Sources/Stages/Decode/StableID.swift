import Runner

/// Capture ids that stay the same across runs: 64-bit FNV-1a of the source id and the path within the source,
/// as sixteen hex digits. Moving a file makes it a new capture; touching or editing it keeps its id.
///
/// The path is hashed as the bytes the file system holds, not as it is shown: a name that is not UTF-8 and a name
/// spelling out its escaped form (`a\xFF.jpg` as seven characters) are different files with different ids.
public enum StableID {
    public static func capture(source: String, relativePath: String) -> CaptureID {
        capture(source: source, relativePath: Array(relativePath.utf8))
    }

    /// The id of the file at `relativePath` (bytes) within the source.
    public static func capture(source: String, relativePath: [UInt8]) -> CaptureID {
        capture(hash: hash(source: source, relativePath: relativePath))
    }

    /// The 64 bits behind an id.
    static func hash(source: String, relativePath: [UInt8]) -> UInt64 {
        var hash = fnv1a64(Array(source.utf8))
        hash = fnv1a64([0], seed: hash) // separator: ("ab", "c") and ("a", "bc") differ
        return fnv1a64(relativePath, seed: hash)
    }

    /// The id of a hash: sixteen hex digits.
    static func capture(hash: UInt64) -> CaptureID {
        let digits = String(hash, radix: 16)
        return CaptureID(String(repeating: "0", count: 16 - digits.count) + digits)
    }

    /// The hash behind an id this type made, or nil for any other id.
    static func hash(of id: CaptureID) -> UInt64? {
        guard id.rawValue.utf8.count == 16, let hash = UInt64(id.rawValue, radix: 16),
              capture(hash: hash) == id else { return nil }
        return hash
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
