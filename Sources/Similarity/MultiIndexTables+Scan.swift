extension MultiIndexTables {
    /// The brute-force answer: every fingerprint compared with the query, eight at a time with one branch (the
    /// compiler vectorises the population counts). It is the baseline the benchmark measures the index against,
    /// and the search when the radius is too large for the tables to help.
    @usableFromInline
    func scan(_ query: UInt64, radius: Int, into results: inout [(position: Int, distance: Int)]) {
        fingerprints.withUnsafeBufferPointer { fingerprints in
            let bits = fingerprints.baseAddress!, count = fingerprints.count
            let limit = radius + 1
            var position = 0
            while position + 8 <= count {
                // A distance d is within the radius when d - (radius + 1) is negative: one OR, one sign test.
                var over = 0
                for offset in 0..<8 { over |= (bits[position + offset] ^ query).nonzeroBitCount &- limit }
                if over < 0 {
                    for offset in 0..<8 {
                        let distance = (bits[position + offset] ^ query).nonzeroBitCount
                        if distance <= radius { results.append((position + offset, distance)) }
                    }
                }
                position += 8
            }
            while position < count {
                let distance = (bits[position] ^ query).nonzeroBitCount
                if distance <= radius { results.append((position, distance)) }
                position += 1
            }
        }
    }
}
