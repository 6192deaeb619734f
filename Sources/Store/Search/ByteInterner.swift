/// Distinct byte strings numbered in the order first seen, found again by hash without making a `String`: the facet
/// values of a search's results (a few sources, kinds, cities and label names repeated over tens of thousands of
/// rows) are counted by number, and made `String`s once each at the end. Pure, no locking.
struct ByteInterner {
    /// The distinct values, by number.
    private(set) var values: [[UInt8]] = []
    private var hashes: [UInt64] = []
    /// Open addressing: a value's number + 1, or 0 for an empty slot; the capacity a power of two.
    private var slots = [Int32](repeating: 0, count: 64)

    var count: Int { values.count }

    /// The number of `bytes`, given a new one when first seen.
    mutating func number(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let stored = Int(slots[slot])
            if stored == 0 { break }
            let number = stored - 1
            if hashes[number] == hash, values[number].elementsEqual(bytes) { return number }
            slot = (slot + 1) & mask
        }
        let number = values.count
        values.append(Array(bytes))
        hashes.append(hash)
        slots[slot] = Int32(number + 1)
        if values.count * 2 > slots.count { grow() }
        return number
    }

    /// The number of `bytes` if seen, else nil.
    func existingNumber(of bytes: [UInt8]) -> Int? {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let number = Int(slots[slot]) - 1
            if hashes[number] == hash, values[number] == bytes { return number }
            slot = (slot + 1) & mask
        }
        return nil
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(number + 1)
        }
    }

    /// Counts by number turned into counts by `String` (values whose bytes decode to the same `String`, as invalid
    /// UTF-8 can, are added together, as a dictionary keyed by the decoded `String` would have counted them).
    func strings(_ counts: [Int]) -> [String: Int] {
        var result: [String: Int] = [:]
        for (number, count) in counts.enumerated() where count > 0 {
            result[String(decoding: values[number], as: UTF8.self), default: 0] += count
        }
        return result
    }
}
