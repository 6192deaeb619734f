/// Summed-area table of a gray image: the mean of any square around a pixel in constant time.
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

    /// For every pixel, row by row, whether the mean of the square of side `2 * radius + 1` around it (clipped to
    /// the image, rounded down as `localMeans` has it) is below `level`: `localMeans(radius:)[i] < level`, found
    /// by comparing sums (`total < level * area`) instead of dividing every pixel's.
    func localMeansBelow(_ level: Int, radius: Int) -> [Bool] {
        let level = UInt32(level)
        return mapWindows(radius: radius, filling: false) { _, total, area in total < level * area }
    }

    /// For every pixel of `image` (the image this table was made of), whether it is darker than the mean of the
    /// square of side `2 * radius + 1` around it by more than `contrast`: `pixel + contrast < localMeans[i]`,
    /// which is `total >= (pixel + contrast + 1) * area` without a division.
    func darkerThanLocalMean(_ image: GrayImage, by contrast: Int, radius: Int) -> [Bool] {
        precondition(image.width == width && image.height == height, "IntegralImage size mismatch")
        return image.pixels.withUnsafeBufferPointer { pixels in
            mapWindows(radius: radius, filling: false) { index, total, area in
                Int(total) >= (Int(pixels[index]) + contrast + 1) * Int(area)
            }
        }
    }

    /// `value(index, total, area)` for every pixel, row by row, with the sum and pixel count of the square of side
    /// `2 * radius + 1` around it, clipped to the image.
    @inline(__always)
    private func mapWindows<Value>(radius: Int, filling initial: Value, _ value: (Int, UInt32, UInt32) -> Value)
        -> [Value]
    {
        var result = [Value](repeating: initial, count: width * height)
        let stride = width + 1
        sums.withUnsafeBufferPointer { table in
            result.withUnsafeMutableBufferPointer { output in
                for y in 0..<height {
                    let y0 = max(0, y - radius), y1 = min(height, y + radius + 1)
                    let top = y0 * stride, bottom = y1 * stride
                    for x in 0..<width {
                        let x0 = max(0, x - radius), x1 = min(width, x + radius + 1)
                        let total = table[bottom + x1] &- table[top + x1] &- table[bottom + x0] &+ table[top + x0]
                        output[y * width + x] = value(y * width + x, total, UInt32((x1 - x0) * (y1 - y0)))
                    }
                }
            }
        }
        return result
    }

    /// The mean of the square of side `2 * radius + 1` around every pixel (clipped to the image), row by row.
    func localMeans(radius: Int) -> [UInt8] {
        mapWindows(radius: radius, filling: 0) { _, total, area in UInt8(total / area) }
    }
}
