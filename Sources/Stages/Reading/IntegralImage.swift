/// Summed-area table of a gray image: the mean of any rectangle in constant time.
struct IntegralImage {
    let width: Int
    let height: Int
    /// `(width + 1) * (height + 1)` running sums; row 0 and column 0 are zero.
    private let sums: [UInt32]

    init(_ image: GrayImage) {
        let width = image.width, height = image.height
        self.width = width
        self.height = height
        let stride = width + 1
        var running = [UInt32](repeating: 0, count: stride * (height + 1))
        image.pixels.withUnsafeBufferPointer { source in
            running.withUnsafeMutableBufferPointer { table in
                for y in 0..<height {
                    var rowSum: UInt32 = 0
                    for x in 0..<width {
                        rowSum &+= UInt32(source[y * width + x])
                        table[(y + 1) * stride + x + 1] = table[y * stride + x + 1] &+ rowSum
                    }
                }
            }
        }
        sums = running
    }

    /// The mean of the square of side `2 * radius + 1` around (x, y), clipped to the image.
    func mean(x: Int, y: Int, radius: Int) -> Int {
        let x0 = max(0, x - radius), x1 = min(width, x + radius + 1)
        let y0 = max(0, y - radius), y1 = min(height, y + radius + 1)
        let stride = width + 1
        let total = sums[y1 * stride + x1] &- sums[y0 * stride + x1] &- sums[y1 * stride + x0] &+ sums[y0 * stride + x0]
        return Int(total) / ((x1 - x0) * (y1 - y0))
    }
}
