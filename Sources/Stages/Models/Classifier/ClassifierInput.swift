import Captures
import ModelEngine

/// Turns a capture's image into the network's input, as EfficientNet-Lite was evaluated in TensorFlow: a centred
/// square crop of 224/256 of the shorter side, resized to 224×224, then `(value - 127) / 128` per channel.
///
/// The resize uses a linear filter widened when shrinking (antialiased), so a large working image does not alias.
public enum ClassifierInput {
    /// The fraction of the shorter side the centre crop keeps.
    public static let cropFraction = 224.0 / 256.0
    public static let mean: Float = 127
    public static let standardDeviation: Float = 128

    /// The `[3, 224, 224]` input tensor for `image`.
    public static func tensor(from image: RGBImage) -> Tensor {
        precondition(image.width > 0 && image.height > 0, "cannot classify an empty image")
        let size = EfficientNetLite0.inputSize
        let side = Double(min(image.width, image.height)) * cropFraction
        let columns = ResampleWeights(sourceSize: image.width, origin: (Double(image.width) - side) / 2,
                                      length: side, outputSize: size)
        let rows = ResampleWeights(sourceSize: image.height, origin: (Double(image.height) - side) / 2,
                                   length: side, outputSize: size)
        // Horizontal pass over the source rows the vertical pass reads: planar floats, `rowCount × size` a channel.
        let firstRow = rows.starts.min()!
        let rowCount = rows.starts.max()! + rows.taps - firstRow
        var horizontal = [Float](repeating: 0, count: 3 * rowCount * size)
        var line = [Float](repeating: 0, count: 3 * image.width)
        image.pixels.withUnsafeBufferPointer { pixels in
            horizontal.withUnsafeMutableBufferPointer { out in
                line.withUnsafeMutableBufferPointer { line in
                    columns.weights.withUnsafeBufferPointer { weights in
                        for row in 0..<rowCount {
                            let source = pixels.baseAddress! + (firstRow + row) * image.width * 3
                            for x in 0..<image.width {
                                for channel in 0..<3 {
                                    line[channel * image.width + x] = Float(source[x * 3 + channel])
                                }
                            }
                            for channel in 0..<3 {
                                let plane = line.baseAddress! + channel * image.width
                                let target = out.baseAddress! + (channel * rowCount + row) * size
                                for x in 0..<size {
                                    let window = plane + columns.starts[x], tap = weights.baseAddress! + x * columns.taps
                                    var sum: Float = 0
                                    for index in 0..<columns.taps { sum += tap[index] * window[index] }
                                    target[x] = sum
                                }
                            }
                        }
                    }
                }
            }
        }
        // Vertical pass: each output row is a weighted sum of whole horizontal rows.
        var values = [Float](repeating: 0, count: 3 * size * size)
        horizontal.withUnsafeBufferPointer { horizontal in
            values.withUnsafeMutableBufferPointer { values in
                for channel in 0..<3 {
                    for y in 0..<size {
                        let target = values.baseAddress! + (channel * size + y) * size
                        for index in 0..<rows.taps {
                            let weight = rows.weights[y * rows.taps + index]
                            let source = horizontal.baseAddress!
                                + (channel * rowCount + rows.starts[y] - firstRow + index) * size
                            for x in 0..<size { target[x] += weight * source[x] }
                        }
                        for x in 0..<size { target[x] = normalize(target[x]) }
                    }
                }
            }
        }
        return Tensor(shape: [3, size, size], storage: values)
    }

    /// The input tensor for an image that is already the 224×224 crop: interleaved RGB bytes, rows top to bottom.
    public static func tensor(fromCrop pixels: [UInt8]) -> Tensor {
        let size = EfficientNetLite0.inputSize
        precondition(pixels.count == 3 * size * size, "a 224×224 crop has \(3 * size * size) bytes, got \(pixels.count)")
        var values = [Float](repeating: 0, count: pixels.count)
        for index in 0..<(size * size) {
            for channel in 0..<3 {
                values[channel * size * size + index] = normalize(Float(pixels[index * 3 + channel]))
            }
        }
        return Tensor(shape: [3, size, size], storage: values)
    }

    static func normalize(_ value: Float) -> Float {
        (value - mean) / standardDeviation
    }
}
