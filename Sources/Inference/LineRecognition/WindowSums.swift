/// The sums of the square windows around every pixel of a gray image (side `2 * radius + 1`, clipped to the
/// image), row by row, from running column sums: the same integers a summed-area table gives, without building
/// one (a table is four bytes a pixel, written and then read two rows `2 * radius` apart; the columns' sums
/// are one row of integers, kept up to date as the window moves down).
package enum WindowSums {
    /// Calls `body(y, totals, rows)` for every row `y` top to bottom, where `totals[x]` is the sum of the
    /// window around pixel `(x, y)` and `rows` the number of image rows the window covers at `y` (its columns
    /// are `max(0, x - radius)..<min(width, x + radius + 1)`, so its area is their count times `rows`).
    @inlinable
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
        prefix[0] = 0
        for y in 0..<height {
            // The window's rows at y are y - radius ... y + radius: the row below comes in, the one above leaves.
            if y + radius < height {
                let row = source + (y + radius) * width
                for x in 0..<width { columns[x] &+= UInt32(row[x]) }
            }
            if y - radius - 1 >= 0 {
                let row = source + (y - radius - 1) * width
                for x in 0..<width { columns[x] &-= UInt32(row[x]) }
            }
            var running: UInt32 = 0
            for x in 0..<width {
                running &+= columns[x]
                prefix[x + 1] = running
            }
            // Left edge, middle (whole windows), right edge.
            let whole = min(width, max(0, width - radius))
            var x = 0
            while x < min(radius, width) {
                totals[x] = prefix[min(width, x + radius + 1)]
                x += 1
            }
            while x < whole {
                totals[x] = prefix[x + radius + 1] &- prefix[x - radius]
                x += 1
            }
            while x < width {
                totals[x] = prefix[width] &- prefix[max(0, x - radius)]
                x += 1
            }
            body(y, UnsafeBufferPointer(start: totals, count: width), min(height, y + radius + 1) - max(0, y - radius))
        }
    }
}
