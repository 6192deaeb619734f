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
        return lettersOnSlantedLine(members, tolerance: tolerance) * 2 >= members.count
    }

    /// How many letters' bottoms (or tops, the better) lie within `tolerance` of the least-squares line through
    /// them, when it slants by at most `maximumSlope`; 0 when it is steeper, or for fewer than three letters.
    static func lettersOnSlantedLine(_ letters: [InkBlob], tolerance: Double) -> Int {
        guard letters.count >= 3 else { return 0 }
        let xs = letters.map { Double($0.minX + $0.maxX) / 2 }
        func near(_ edges: [Double]) -> Int {
            let count = Double(xs.count)
            let meanX = xs.reduce(0, +) / count, meanY = edges.reduce(0, +) / count
            var covariance = 0.0, variance = 0.0
            for (x, y) in zip(xs, edges) {
                covariance += (x - meanX) * (y - meanY)
                variance += (x - meanX) * (x - meanX)
            }
            guard variance > 0, abs(covariance / variance) <= maximumSlope else { return 0 }
            let slope = covariance / variance
            return zip(xs, edges).filter { abs($1 - (meanY + slope * ($0 - meanX))) <= tolerance }.count
        }
        return max(near(letters.map { Double($0.maxY) }), near(letters.map { Double($0.minY) }))
    }
}
