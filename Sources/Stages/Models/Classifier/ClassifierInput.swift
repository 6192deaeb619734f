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
        // Horizontal pass on the rows the vertical pass will read: planar floats, height × size per channel.
        let height = image.height
        var horizontal = [Float](repeating: 0, count: 3 * height * size)
        image.pixels.withUnsafeBufferPointer { pixels in
            horizontal.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let row = pixels.baseAddress! + y * image.width * 3
                    for x in 0..<size {
                        let start = columns.starts[x]
                        var r: Float = 0, g: Float = 0, b: Float = 0
                        for (tap, weight) in columns.weights[x].enumerated() {
                            let pixel = row + (start + tap) * 3
                            r += weight * Float(pixel[0])
                            g += weight * Float(pixel[1])
                            b += weight * Float(pixel[2])
                        }
                        out[(0 * height + y) * size + x] = r
                        out[(1 * height + y) * size + x] = g
                        out[(2 * height + y) * size + x] = b
                    }
                }
            }
        }
        var values = [Float](repeating: 0, count: 3 * size * size)
        for channel in 0..<3 {
            for y in 0..<size {
                let start = rows.starts[y]
                for x in 0..<size {
                    var sum: Float = 0
                    for (tap, weight) in rows.weights[y].enumerated() {
                        sum += weight * horizontal[(channel * height + start + tap) * size + x]
                    }
                    values[(channel * size + y) * size + x] = normalize(sum)
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
