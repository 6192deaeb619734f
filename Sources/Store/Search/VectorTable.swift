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
        values.withUnsafeBufferPointer { rows in
            query.withUnsafeBufferPointer { q in
                for row in 0..<ids.count {
                    let base = row * dimension
                    var sum: Float = 0
                    for k in 0..<dimension { sum += rows[base + k] * q[k] }
                    if sum >= minimum { scored.append((row, sum)) }
                }
            }
        }
        scored.sort { $0.1 > $1.1 }
        return Dictionary(uniqueKeysWithValues: scored.prefix(count).map { (ids[$0.0], $0.1) })
    }
}
