/// The sums of the square windows around the pixels of a gray image: the mean of any square around a pixel
/// in constant time, from running column sums (`WindowSums`; the name is from the summed-area table it was).
struct IntegralImage {
    let width: Int
    let height: Int
    private let image: GrayImage

    init(_ image: GrayImage) {
        width = image.width
        height = image.height
        self.image = image
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
        let width = width
        image.pixels.withUnsafeBufferPointer { pixels in
            result.withUnsafeMutableBufferPointer { output in
                WindowSums.forEachRow(pixels, width: width, height: height, radius: radius) { y, totals, rows in
                    for x in 0..<width {
                        let x0 = max(0, x - radius), x1 = min(width, x + radius + 1)
                        output[y * width + x] = value(y * width + x, totals[x], UInt32((x1 - x0) * rows))
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
