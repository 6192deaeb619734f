extension RowGrouping {
    /// The steepest slant of a baseline that counts (about 8.5 degrees): signs photographed a little turned.
    static let maximumSlope = 0.15

    /// Whether most letters of a row stand on one slanted line: at least half their bottoms (or tops) within a
    /// fifth of the median height of the least-squares line through them, which rises or falls by at most
    /// `maximumSlope`. Rows of three letters or more only (two letters always fit a line).
    static func sharesSlantedBaseline(_ members: [InkBlob]) -> Bool {
        guard members.count >= 3 else { return false }
        let heights = members.map(\.height).sorted()
        let tolerance = max(1, Double(heights[heights.count / 2]) * 0.2)
        let xs = members.map { Double($0.minX + $0.maxX) / 2 }
        func aligned(_ edges: [Double]) -> Bool {
            let count = Double(xs.count)
            let meanX = xs.reduce(0, +) / count, meanY = edges.reduce(0, +) / count
            var covariance = 0.0, variance = 0.0
            for (x, y) in zip(xs, edges) {
                covariance += (x - meanX) * (y - meanY)
                variance += (x - meanX) * (x - meanX)
            }
            guard variance > 0 else { return false }
            let slope = covariance / variance
            guard abs(slope) <= maximumSlope else { return false }
            let near = zip(xs, edges).filter { abs($1 - (meanY + slope * ($0 - meanX))) <= tolerance }.count
            return near * 2 >= members.count
        }
        return aligned(members.map { Double($0.maxY) }) || aligned(members.map { Double($0.minY) })
    }
}
