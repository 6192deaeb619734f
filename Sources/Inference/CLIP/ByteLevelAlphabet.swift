/// GPT-2's byte-level alphabet, which CLIP's BPE works in: each of the 256 byte values maps to one printable
/// Unicode character, so any UTF-8 text becomes a string the merges apply to.
enum ByteLevelAlphabet {
    /// The character standing for each byte value.
    static let characters: [String] = {
        var printable = Array(33...126) + Array(161...172) + Array(174...255)
        var codes = printable
        var next = 0
        for byte in 0..<256 where !printable.contains(byte) {
            printable.append(byte)
            codes.append(256 + next)
            next += 1
        }
        var table = [String](repeating: "", count: 256)
        for (byte, code) in zip(printable, codes) {
            table[byte] = String(Character(Unicode.Scalar(UInt32(code))!))
        }
        return table
    }()
}
