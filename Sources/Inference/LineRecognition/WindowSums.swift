import CLineKernels

/// The sums of the square windows around every pixel of a gray image (side `2 * radius + 1`, clipped to the
/// image), row by row, from running column sums: the same integers a summed-area table gives, without building
/// one (a table is four bytes a pixel, written and then read two rows `2 * radius` apart; the columns' sums
/// are one row of integers, kept up to date as the window moves down).
package enum WindowSums {
    /// Calls `body(y, totals, rows)` for every row `y` top to bottom, where `totals[x]` is the sum of the
    /// window around pixel `(x, y)` and `rows` the number of image rows the window covers at `y` (its columns
    /// are `max(0, x - radius)..<min(width, x + radius + 1)`, so its area is their count times `rows`).
    package static func forEachRow(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, radius: Int,
                                   _ body: (_ y: Int, _ totals: UnsafeBufferPointer<UInt32>, _ rows: Int) -> Void)
    {
        precondition(width >= 0 && height >= 0 && radius >= 0 && pixels.count >= width * height,
                     "WindowSums: \(width)x\(height) image of \(pixels.count) pixels, radius \(radius)")
        guard width > 0, height > 0, let source = pixels.baseAddress else { return }
        // columns[x]: the sum of column x over the window's rows; prefix[x]: columns[0..<x] summed.
        let columns = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        let prefix = UnsafeMutablePointer<UInt32>.allocate(capacity: width + 1)
        let totals = UnsafeMutablePointer<UInt32>.allocate(capacity: width)
        defer {
            columns.deallocate()
            prefix.deallocate()
            totals.deallocate()
        }
        columns.initialize(repeating: 0, count: width)
        for y in 0..<min(height, radius) {
            let row = source + y * width
            for x in 0..<width { columns[x] &+= UInt32(row[x]) }
        }
        for y in 0..<height {
            // The window's rows at y are y - radius ... y + radius: the row below comes in, the one above leaves
            // (C `line_window_sums_row`: the same integers, with the column and total loops vectorised).
            let entering = y + radius < height ? source + (y + radius) * width : nil
            let leaving = y - radius - 1 >= 0 ? source + (y - radius - 1) * width : nil
            line_window_sums_row(columns, entering, leaving, prefix, totals, Int32(width), Int32(min(radius, width)))
            body(y, UnsafeBufferPointer(start: totals, count: width), min(height, y + radius + 1) - max(0, y - radius))
        }
    }
}
