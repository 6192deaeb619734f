import Glibc

/// Which of `count` byte strings of one width, stored one after another, repeat an earlier one: an LSTM's input
/// sequences rounded to the bytes its 8-bit multiply reads. A sequence with the same bytes as an earlier one gives
/// the same outputs (its sums and cells do not depend on the other rows), so only the first of each is run; the
/// columns of blank ground between letters and words are the common case.
struct RepeatedSequences {
    /// The first string of each distinct content, in order.
    let firsts: [Int]
    /// For every string, the position in `firsts` of the string with its content.
    let representative: [Int]

    /// Whether some string repeats an earlier one.
    var hasRepeats: Bool { firsts.count < representative.count }

    /// - Parameters:
    ///   - bytes: `count · width` bytes, string after string.
    ///   - width: the bytes of one string.
    init(_ bytes: UnsafePointer<UInt8>, count: Int, width: Int) {
        var firsts: [Int] = [], hashes: [UInt64] = []
        var representative = [Int](repeating: 0, count: count)
        // Open addressing: a slot holds a position in `firsts` (or -1), at least twice as many slots as strings.
        var bits = 4
        while (1 << bits) < 2 * count { bits += 1 }
        let mask = (1 << bits) - 1
        var slots = [Int32](repeating: -1, count: 1 << bits)
        let raw = UnsafeRawPointer(bytes)
        for index in 0..<count {
            let start = raw + index * width
            let hash = Self.hash(start, width)
            var slot = Int(truncatingIfNeeded: hash >> UInt64(64 - bits)) & mask
            while true {
                let held = Int(slots[slot])
                if held < 0 {
                    slots[slot] = Int32(firsts.count)
                    representative[index] = firsts.count
                    firsts.append(index)
                    hashes.append(hash)
                    break
                }
                if hashes[held] == hash && memcmp(start, raw + firsts[held] * width, width) == 0 {
                    representative[index] = held
                    break
                }
                slot = (slot + 1) & mask
            }
        }
        self.firsts = firsts
        self.representative = representative
    }

    /// A multiply-rotate hash of `width` bytes (8 at a time, then the rest).
    private static func hash(_ start: UnsafeRawPointer, _ width: Int) -> UInt64 {
        var hash: UInt64 = 0
        var offset = 0
        while offset + 8 <= width {
            let word = start.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            hash = ((hash << 5) | (hash >> 59) ^ word) &* 0x517c_c1b7_2722_0a95
            offset += 8
        }
        while offset < width {
            hash = ((hash << 5) | (hash >> 59) ^ UInt64(start.load(fromByteOffset: offset, as: UInt8.self)))
                &* 0x517c_c1b7_2722_0a95
            offset += 1
        }
        // Mixed so the top bits, which pick the slot, depend on every byte.
        return hash ^ (hash >> 29)
    }
}
