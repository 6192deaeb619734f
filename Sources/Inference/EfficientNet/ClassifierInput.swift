import Captures
import Imaging
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
        // Vertical pass first, over the bytes of the columns the crop touches: each output row is a weighted sum of
        // whole source rows, a contiguous loop; the horizontal pass then runs on 224 rows only.
        let firstColumn = columns.starts.min()!
        let width = (columns.starts.max()! + columns.taps - firstColumn) * 3
        var rowSums = [Float](repeating: 0, count: size * width)
        image.pixels.withUnsafeBufferPointer { pixels in
            rowSums.withUnsafeMutableBufferPointer { rowSums in
                for y in 0..<size {
                    let target = rowSums.baseAddress! + y * width
                    for tap in 0..<rows.taps {
                        let weight = rows.weights[y * rows.taps + tap]
                        guard weight != 0 else { continue }
                        let source = pixels.baseAddress! + ((rows.starts[y] + tap) * image.width + firstColumn) * 3
                        for index in 0..<width { target[index] += weight * Float(source[index]) }
                    }
                }
            }
        }
        var values = [Float](repeating: 0, count: 3 * size * size)
        rowSums.withUnsafeBufferPointer { rowSums in
            values.withUnsafeMutableBufferPointer { values in
                columns.weights.withUnsafeBufferPointer { weights in
                    for y in 0..<size {
                        let row = rowSums.baseAddress! + y * width
                        for x in 0..<size {
                            let window = row + (columns.starts[x] - firstColumn) * 3
                            let tap = weights.baseAddress! + x * columns.taps
                            var r: Float = 0, g: Float = 0, b: Float = 0
                            for index in 0..<columns.taps {
                                r += tap[index] * window[3 * index]
                                g += tap[index] * window[3 * index + 1]
                                b += tap[index] * window[3 * index + 2]
                            }
                            values[y * size + x] = normalize(r)
                            values[(size + y) * size + x] = normalize(g)
                            values[(2 * size + y) * size + x] = normalize(b)
                        }
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
