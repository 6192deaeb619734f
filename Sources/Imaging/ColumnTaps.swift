/// The column half of an area resize, with the luma weights folded in, as a fixed number of weighted taps per
/// target column over a row of interleaved R, G, B sums: target column `j` is
/// `sum_m weights[j * lanes + m] * row[starts[j] + m]`, where each covered source pixel's three channels are
/// weighted by the part of the pixel covered times the channel's BT.601 luma weight, divided by the column's
/// total weight (lanes past the column's pixels weigh 0). Luma is linear, so this is the mean luma of the area;
/// the loop is fixed-length SIMD with no branches and no separate luma pass over the source columns.
struct ColumnTaps {
    /// Weights per target column: three per source pixel the widest column touches, rounded up to a multiple
    /// of 4 (one `SIMD4` a step).
    let lanes: Int
    /// Where each target column's taps start in the row, in channel values (three a pixel).
    let starts: [Int]
    /// How many `SIMD4` steps each target column needs (its own pixels, not the widest column's).
    let steps: [Int]
    let weights: [Float]
    /// How many values past the end of a row the taps may read (they weigh 0 there): the row must be padded.
    let overrun: Int

    init(columns: [AreaResampler.Span], sourceWidth: Int) {
        let pixels = columns.map { $0.last - $0.first + 1 }.max() ?? 1
        let lanes = (3 * pixels + 3) / 4 * 4
        let luma = Luma.weights
        var starts: [Int] = [], steps: [Int] = []
        var weights = [Float](repeating: 0, count: columns.count * lanes)
        starts.reserveCapacity(columns.count)
        steps.reserveCapacity(columns.count)
        for (column, span) in columns.enumerated() {
            // Start early enough that every covered pixel stays inside the row; its own pixels keep their weights.
            let start = min(span.first, sourceWidth - pixels)
            let lastWeight = span.last != span.first ? span.lastWeight : 0
            let total = span.firstWeight + Float(span.fullEnd - span.fullStart) + lastWeight
            func set(_ x: Int, _ weight: Float) {
                for channel in 0..<3 {
                    weights[column * lanes + 3 * (x - start) + channel] = weight / total * luma[channel]
                }
            }
            set(span.first, span.firstWeight)
            for x in span.fullStart..<span.fullEnd { set(x, 1) }
            if span.last != span.first { set(span.last, lastWeight) }
            starts.append(3 * start)
            steps.append((3 * (span.last - start + 1) + 3) / 4)
        }
        self.lanes = lanes
        self.starts = starts
        self.steps = steps
        self.weights = weights
        overrun = lanes - 3 * pixels
    }

    /// Reduces one row of 16-bit R, G, B sums (padded by `overrun` values) to the target's columns as mean
    /// luma, each multiplied by `scale`. Four columns at a time: their lane sums are transposed so the four
    /// horizontal additions (lane 0 + 1, + 2, + 3, the order `SIMD4.sum()` uses) are done as three vector adds.
    @inline(__always)
    func reduce(_ row: UnsafePointer<UInt16>, scale: Float, into output: UnsafeMutablePointer<Float>) {
        let lanes = lanes
        starts.withUnsafeBufferPointer { starts in
            steps.withUnsafeBufferPointer { steps in
                weights.withUnsafeBufferPointer { weights in
                    let taps = weights.baseAddress!
                    @inline(__always)
                    func lanesSum(_ column: Int) -> SIMD4<Float> {
                        var values = row + starts[column], weight = taps + column * lanes
                        var sum = SIMD4<Float>()
                        for _ in 0..<steps[column] {
                            let chunk = UnsafeRawPointer(values).loadUnaligned(as: SIMD4<UInt16>.self)
                            sum += SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: chunk))
                                * UnsafeRawPointer(weight).loadUnaligned(as: SIMD4<Float>.self)
                            values += 4
                            weight += 4
                        }
                        return sum
                    }
                    var column = 0
                    while column + 4 <= starts.count {
                        let a = lanesSum(column), b = lanesSum(column + 1)
                        let c = lanesSum(column + 2), d = lanesSum(column + 3)
                        let sums = SIMD4(a[0], b[0], c[0], d[0]) + SIMD4(a[1], b[1], c[1], d[1])
                            + SIMD4(a[2], b[2], c[2], d[2]) + SIMD4(a[3], b[3], c[3], d[3])
                        UnsafeMutableRawPointer(output + column).storeBytes(of: sums * scale, as: SIMD4<Float>.self)
                        column += 4
                    }
                    while column < starts.count {
                        output[column] = lanesSum(column).sum() * scale
                        column += 1
                    }
                }
            }
        }
    }
}
