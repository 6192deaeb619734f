import Captures

/// Resizes 8-bit RGB images with the bicubic filter (a = −0.5) the way Pillow's `Image.resize(BICUBIC)` does,
/// which is what CLIP's reference preprocessing calls: the filter widens with the shrink factor (so shrinking
/// averages, not skips), weights are normalised per output pixel and applied in 22-bit fixed point, and the
/// horizontal pass runs first, rounding to 8 bits before the vertical pass. Kept over libvips, which differs from
/// Pillow by up to 10 levels (docs/imaging.md).
public enum BicubicResampler {
    private static let precisionBits = 22

    /// The weights of each output pixel along one axis: the first input index and the fixed-point weights.
    public struct Taps: Sendable {
        public var first: [Int]
        public var weights: [[Int32]]
    }

    public static func cubic(_ distance: Double) -> Double {
        let a = -0.5
        let x = abs(distance)
        if x < 1 { return ((a + 2) * x - (a + 3)) * x * x + 1 }
        if x < 2 { return (((x - 5) * x + 8) * x - 4) * a }
        return 0
    }

    public static func taps(from inputSize: Int, to outputSize: Int) -> Taps {
        let scale = Double(inputSize) / Double(outputSize)
        let filterScale = max(scale, 1)
        let support = 2 * filterScale
        var first: [Int] = []
        var weights: [[Int32]] = []
        first.reserveCapacity(outputSize)
        weights.reserveCapacity(outputSize)
        for output in 0..<outputSize {
            let centre = (Double(output) + 0.5) * scale
            let low = max(Int(centre - support + 0.5), 0)
            let high = min(Int(centre + support + 0.5), inputSize)
            var raw: [Double] = []
            var total = 0.0
            for input in low..<max(high, low) {
                let weight = cubic((Double(input) - centre + 0.5) / filterScale)
                raw.append(weight)
                total += weight
            }
            let one = Double(1 << precisionBits)
            weights.append(raw.map { value in
                let normalised = total != 0 ? value / total : value
                return Int32(normalised < 0 ? (-0.5 + normalised * one) : (0.5 + normalised * one))
            })
            first.append(low)
        }
        return Taps(first: first, weights: weights)
    }

    /// `image` resized to `width`×`height`.
    public static func resize(_ image: RGBImage, width: Int, height: Int) -> RGBImage {
        resize(image, width: width, height: height, keepingColumns: 0..<width, rows: 0..<height)
    }

    /// The part `columns`×`rows` of `image` resized to `width`×`height`: the same pixels as resizing the whole
    /// image and cutting them out, without computing the rest (a crop of a very wide image stays cheap). As in
    /// Pillow, the horizontal pass reads only the source rows the vertical pass needs.
    public static func resize(_ image: RGBImage, width: Int, height: Int,
                              keepingColumns columns: Range<Int>, rows: Range<Int>) -> RGBImage {
        var current = image
        var rowTaps = taps(from: image.height, to: height)
        if height != image.height, !rows.isEmpty {
            // Only the source rows the kept output rows read.
            let first = rows.map { rowTaps.first[$0] }.min()!
            let last = rows.map { rowTaps.first[$0] + rowTaps.weights[$0].count }.max()!
            current = RGBImage(width: image.width, height: last - first,
                               pixels: Array(image.pixels[(first * image.width * 3)..<(last * image.width * 3)]))
            rowTaps.first = rowTaps.first.map { $0 - first }
        } else {
            current = RGBImage(width: image.width, height: rows.count,
                               pixels: Array(image.pixels[(rows.lowerBound * image.width * 3)..<(rows.upperBound * image.width * 3)]))
        }
        if width != image.width {
            current = horizontal(current, taps: taps(from: image.width, to: width), columns: columns)
        } else {
            current = cut(current, columns: columns)
        }
        if height != image.height {
            current = vertical(current, taps: rowTaps, rows: rows)
        }
        return current
    }

    private static func cut(_ image: RGBImage, columns: Range<Int>) -> RGBImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(columns.count * image.height * 3)
        for y in 0..<image.height {
            let start = (y * image.width + columns.lowerBound) * 3
            pixels += image.pixels[start..<(start + columns.count * 3)]
        }
        return RGBImage(width: columns.count, height: image.height, pixels: pixels)
    }

    private static func clip(_ sum: Int64) -> UInt8 {
        let shifted = sum >> Int64(precisionBits)
        return UInt8(clamping: min(max(shifted, 0), 255))
    }

    private static func horizontal(_ image: RGBImage, taps: Taps, columns: Range<Int>) -> RGBImage {
        let width = columns.count
        var pixels = [UInt8](repeating: 0, count: width * image.height * 3)
        let half = Int64(1) << Int64(precisionBits - 1)
        image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { out in
                for y in 0..<image.height {
                    let sourceRow = y * image.width * 3
                    for x in 0..<width {
                        var sums = (half, half, half)
                        let start = taps.first[columns.lowerBound + x]
                        for (offset, weight) in taps.weights[columns.lowerBound + x].enumerated() {
                            let index = sourceRow + (start + offset) * 3
                            let w = Int64(weight)
                            sums.0 += Int64(source[index]) * w
                            sums.1 += Int64(source[index + 1]) * w
                            sums.2 += Int64(source[index + 2]) * w
                        }
                        let target = (y * width + x) * 3
                        out[target] = clip(sums.0)
                        out[target + 1] = clip(sums.1)
                        out[target + 2] = clip(sums.2)
                    }
                }
            }
        }
        return RGBImage(width: width, height: image.height, pixels: pixels)
    }

    private static func vertical(_ image: RGBImage, taps: Taps, rows: Range<Int>) -> RGBImage {
        let height = rows.count
        let rowBytes = image.width * 3
        var pixels = [UInt8](repeating: 0, count: rowBytes * height)
        let half = Int64(1) << Int64(precisionBits - 1)
        var sums = [Int64](repeating: 0, count: rowBytes)
        image.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    for index in 0..<rowBytes { sums[index] = half }
                    let start = taps.first[rows.lowerBound + y]
                    for (offset, weight) in taps.weights[rows.lowerBound + y].enumerated() {
                        let sourceRow = (start + offset) * rowBytes
                        let w = Int64(weight)
                        for index in 0..<rowBytes { sums[index] += Int64(source[sourceRow + index]) * w }
                    }
                    for index in 0..<rowBytes { out[y * rowBytes + index] = clip(sums[index]) }
                }
            }
        }
        return RGBImage(width: image.width, height: height, pixels: pixels)
    }
}
