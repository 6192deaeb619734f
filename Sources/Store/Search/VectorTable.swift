import Runner

/// Image vectors held in one contiguous array, compared by dot product (they are unit length).
public struct VectorTable: Sendable {
    public let path: String
    public let captureCount: Int
    public let ids: [String]
    let dimension: Int
    let values: [Float]

    public init(path: String, captureCount: Int, vectors: [(capture: CaptureID, values: [Float])]) {
        self.path = path
        self.captureCount = captureCount
        let dimension = vectors.first?.values.count ?? 0
        let kept = vectors.filter { $0.values.count == dimension }
        self.dimension = dimension
        ids = kept.map(\.capture.rawValue)
        values = kept.flatMap(\.values)
    }

    /// The `count` rows most similar to `query`, at least `minimum`.
    public func nearest(to query: [Float], count: Int, minimum: Float) -> [String: Float] {
        guard query.count == dimension, dimension > 0 else { return [:] }
        var scored: [(Int, Float)] = []
        scored.reserveCapacity(ids.count)
        let lanes = dimension / 16 * 16
        values.withUnsafeBufferPointer { rows in
            query.withUnsafeBufferPointer { q in
                let rowsBase = UnsafeRawPointer(rows.baseAddress!), queryBase = UnsafeRawPointer(q.baseAddress!)
                for row in 0..<ids.count {
                    let base = row * dimension
                    // Sixteen products at a time in SIMD lanes, then the tail.
                    var lanesSum = SIMD16<Float>()
                    var k = 0
                    while k < lanes {
                        let a = rowsBase.loadUnaligned(fromByteOffset: (base + k) * 4, as: SIMD16<Float>.self)
                        let b = queryBase.loadUnaligned(fromByteOffset: k * 4, as: SIMD16<Float>.self)
                        lanesSum += a * b
                        k += 16
                    }
                    var sum = lanesSum.sum()
                    while k < dimension {
                        sum += rows[base + k] * q[k]
                        k += 1
                    }
                    if sum >= minimum { scored.append((row, sum)) }
                }
            }
        }
        scored.sort { $0.1 > $1.1 }
        return Dictionary(uniqueKeysWithValues: scored.prefix(count).map { (ids[$0.0], $0.1) })
    }
}
