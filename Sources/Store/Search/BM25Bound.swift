import Foundation

/// FTS5's `bm25()` for one row, recomputed from what it reads: each phrase's frequency in the row (its instances,
/// weighted by their column's weight), the row's size in tokens, and per query the table's row count, its average
/// size and each phrase's inverse document frequency — the same formula as `fts5Bm25Function` (k1 1.2, b 0.75, an
/// IDF of at most 0 taken as 1e-6). Search uses it only as a bound: `goodnessBound` is a hair above `-bm25`, so a
/// row whose bound cannot reach the page needs no `bm25()` call; the scores shown are always FTS5's own. Pure.
struct BM25Bound {
    static let k1 = 1.2
    static let b = 0.75

    let idf: [Double]
    let averageSize: Double

    /// `hits`: per phrase, how many rows hold it; `tokenCount`: the tokens of every column of every row.
    init(rowCount: Int64, tokenCount: Int64, hits: [Int64]) {
        averageSize = Double(tokenCount) / Double(rowCount)
        idf = hits.map { hit in
            let value = log((Double(rowCount) - Double(hit) + 0.5) / (Double(hit) + 0.5))
            return value <= 0 ? 1e-6 : value
        }
    }

    /// What FTS5's `bm25()` gives a row (negative: lower is better).
    func score(frequencies: [Double], size: Double) -> Double {
        var score = 0.0
        for (index, frequency) in frequencies.enumerated() {
            score += idf[index] * ((frequency * (Self.k1 + 1.0))
                                   / (frequency + Self.k1 * (1 - Self.b + Self.b * size / averageSize)))
        }
        return -1.0 * score
    }

    /// At least `-bm25` of the row (a relative 1e-9 above it, for rounding in a different order), or infinity when
    /// a phrase has no instance in the row (the row then matched by something this model does not see).
    func goodnessBound(frequencies: [Double], size: Double) -> Double {
        guard frequencies.allSatisfy({ $0 > 0 }), size.isFinite, averageSize.isFinite, averageSize > 0 else {
            return .infinity
        }
        let goodness = -score(frequencies: frequencies, size: size)
        return goodness * (1 + 1e-9) + 1e-300
    }

    /// The sum of an FTS5 record's varints (a docsize record: the row's tokens), nil when malformed.
    static func varintSum(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        var sum: Int64 = 0, value: UInt64 = 0, length = 0
        for byte in bytes {
            length += 1
            if length == 9 {
                sum &+= Int64(bitPattern: (value << 8) | UInt64(byte))
                value = 0
                length = 0
                continue
            }
            value = (value << 7) | UInt64(byte & 0x7f)
            if byte & 0x80 == 0 {
                sum &+= Int64(bitPattern: value)
                value = 0
                length = 0
            }
        }
        return length == 0 ? sum : nil
    }

    /// The SQLite varints of an FTS5 record (the averages record: row count, then each column's token total; the
    /// docsize record: each column's tokens), nil when malformed.
    static func varints(_ bytes: [UInt8]) -> [Int64]? {
        var values: [Int64] = []
        var index = 0
        while index < bytes.count {
            var value: UInt64 = 0
            var length = 0
            while true {
                guard index < bytes.count else { return nil }
                let byte = bytes[index]
                index += 1
                length += 1
                if length == 9 {
                    value = (value << 8) | UInt64(byte)
                    break
                }
                value = (value << 7) | UInt64(byte & 0x7f)
                if byte & 0x80 == 0 { break }
            }
            values.append(Int64(bitPattern: value))
        }
        return values
    }
}
