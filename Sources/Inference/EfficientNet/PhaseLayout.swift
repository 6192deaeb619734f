/// Where a depthwise convolution's zero-padded input lives as stride×stride *phase planes*, and where each tap
/// reads: every offset computed once per layer, so the per-channel loops do no division.
///
/// Plane (py, px) holds padded pixel (py + s·r, px + s·c) at (r, c), rows `width` floats apart; output (y, x) with
/// tap (ky, kx) reads plane (ky mod s, kx mod s) at (y + ky/s, x + kx/s).
struct PhaseLayout {
    /// One contiguous run of input columns that lands in consecutive cells of one plane row.
    struct ColumnRun {
        var firstColumn: Int
        var count: Int
        /// Offset of its first cell from the start of the row's first plane.
        var offset: Int
    }

    let stride: Int
    let width: Int
    /// Floats per plane, with slack so the last row's discarded columns may read past the end.
    let planeSize: Int
    /// For each input row, the offset of its padded row in the planes.
    let rowOffsets: [Int]
    /// The input columns of one row, split by the plane they go to (one run when the stride is 1).
    let columnRuns: [ColumnRun]
    /// For each tap (ky·kernel + kx), the offset its reads start at.
    let tapOffsets: [Int]

    init(input: FeatureMap, kernel: Int, stride: Int, vertical: SamePadding, horizontal: SamePadding) {
        let height = (input.height + vertical.before + vertical.after + stride - 1) / stride
        let width = (input.width + horizontal.before + horizontal.after + stride - 1) / stride
        let planeSize = height * width + kernel
        self.stride = stride
        self.width = width
        self.planeSize = planeSize
        rowOffsets = (0..<input.height).map { y in
            let padded = y + vertical.before
            return (padded % stride) * stride * planeSize + (padded / stride) * width
        }
        columnRuns = (0..<stride).compactMap { phase in
            let first = ((phase - horizontal.before) % stride + stride) % stride
            guard first < input.width else { return nil }
            return ColumnRun(firstColumn: first, count: (input.width - first + stride - 1) / stride,
                             offset: phase * planeSize + (first + horizontal.before) / stride)
        }
        tapOffsets = (0..<(kernel * kernel)).map { tap in
            let (ky, kx) = (tap / kernel, tap % kernel)
            return ((ky % stride) * stride + kx % stride) * planeSize + (ky / stride) * width + kx / stride
        }
    }

    /// Copies one channel into the planes. The padding cells stay zero from the first channel on, because every
    /// channel writes the same interior cells.
    func scatter(_ plane: UnsafePointer<Float>, rowWidth: Int, into planes: UnsafeMutablePointer<Float>) {
        for (y, rowOffset) in rowOffsets.enumerated() {
            let row = plane + y * rowWidth, target = planes + rowOffset
            for run in columnRuns {
                if stride == 1 {
                    (target + run.offset).update(from: row + run.firstColumn, count: run.count)
                } else {
                    var from = row + run.firstColumn
                    let to = target + run.offset
                    for index in 0..<run.count {
                        to[index] = from.pointee
                        from += stride
                    }
                }
            }
        }
    }
}
