import Captures
import Foundation

/// Edits that keep the picture but change the file: what the same picture looks like when saved again, resized,
/// cropped, brightened or blurred. Written independently of the code under test (bilinear resize, a JPEG-style
/// 8 x 8 DCT quantisation per channel, separable Gaussian blur).
enum ImageVariants {
    static func resized(_ image: RGBImage, width: Int, height: Int) -> RGBImage {
        var canvas = Canvas(width: width, height: height)
        let source = Canvas(image)
        for y in 0..<height {
            let sy = min(Double(image.height - 1), max(0, (Double(y) + 0.5) * Double(image.height) / Double(height) - 0.5))
            let y0 = Int(sy), y1 = min(y0 + 1, image.height - 1), fy = sy - Double(y0)
            for x in 0..<width {
                let sx = min(Double(image.width - 1), max(0, (Double(x) + 0.5) * Double(image.width) / Double(width) - 0.5))
                let x0 = Int(sx), x1 = min(x0 + 1, image.width - 1), fx = sx - Double(x0)
                let i00 = (y0 * image.width + x0) * 3, i01 = (y0 * image.width + x1) * 3
                let i10 = (y1 * image.width + x0) * 3, i11 = (y1 * image.width + x1) * 3
                let out = (y * width + x) * 3
                for c in 0..<3 {
                    let upper = source.values[i00 + c] * (1 - fx) + source.values[i01 + c] * fx
                    let lower = source.values[i10 + c] * (1 - fx) + source.values[i11 + c] * fx
                    canvas.values[out + c] = upper * (1 - fy) + lower * fy
                }
            }
        }
        return canvas.image
    }

    /// Crops `fraction` of the width and height, split between the sides as `leftShare` says.
    static func cropped(_ image: RGBImage, fraction: Double, leftShare: Double = 0.5) -> RGBImage {
        let cutX = Int(Double(image.width) * fraction), cutY = Int(Double(image.height) * fraction)
        let left = Int(Double(cutX) * leftShare), top = Int(Double(cutY) * leftShare)
        let width = image.width - cutX, height = image.height - cutY
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 3)
        for y in top..<(top + height) {
            let start = (y * image.width + left) * 3
            pixels += image.pixels[start..<(start + width * 3)]
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    static func brightened(_ image: RGBImage, by factor: Double) -> RGBImage {
        RGBImage(width: image.width, height: image.height,
                 pixels: image.pixels.map { UInt8(max(0, min(255, (Double($0) * factor).rounded()))) })
    }

    /// JPEG's lossy step: each channel in 8 x 8 blocks through a DCT, quantised with the standard luminance
    /// table scaled for `quality`, and back.
    static func recompressed(_ image: RGBImage, quality: Int) -> RGBImage {
        let base: [Double] = [16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
                              14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
                              18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
                              49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99]
        let scale: Double = quality < 50 ? 5000 / Double(quality) : 200 - 2 * Double(quality)
        let table: [Double] = base.map { (value: Double) -> Double in max(1, ((value * scale + 50) / 100).rounded(.down)) }
        var cosine = [Double](repeating: 0, count: 64)
        for u in 0..<8 {
            for x in 0..<8 {
                let norm: Double = u == 0 ? (1.0 / 8).squareRoot() : 0.5
                cosine[u * 8 + x] = norm * cos(Double((2 * x + 1) * u) * Double.pi / 16)
            }
        }
        var canvas = Canvas(image)
        var block = [Double](repeating: 0, count: 64), rows = block, coefficients = block
        for by in stride(from: 0, to: image.height - 7, by: 8) {
            for bx in stride(from: 0, to: image.width - 7, by: 8) {
                for channel in 0..<3 {
                    for y in 0..<8 {
                        for x in 0..<8 { block[y * 8 + x] = canvas.values[((by + y) * image.width + bx + x) * 3 + channel] - 128 }
                    }
                    transform(block, cosine, into: &rows, transposedLeft: false)
                    for u in 0..<8 {
                        for v in 0..<8 {
                            var sum: Double = 0
                            for x in 0..<8 { sum += rows[u * 8 + x] * cosine[v * 8 + x] }
                            let step = table[u * 8 + v]
                            coefficients[u * 8 + v] = (sum / step).rounded() * step
                        }
                    }
                    transform(coefficients, cosine, into: &rows, transposedLeft: true)
                    for y in 0..<8 {
                        for x in 0..<8 {
                            var sum: Double = 0
                            for v in 0..<8 { sum += rows[y * 8 + v] * cosine[v * 8 + x] }
                            canvas.values[((by + y) * image.width + bx + x) * 3 + channel] = sum + 128
                        }
                    }
                }
            }
        }
        return canvas.image
    }

    /// `out = C * m` (or `C^T * m` when `transposedLeft`), 8 x 8 matrices row-major.
    private static func transform(_ m: [Double], _ c: [Double], into out: inout [Double], transposedLeft: Bool) {
        for i in 0..<8 {
            for j in 0..<8 {
                var sum: Double = 0
                for k in 0..<8 { sum += (transposedLeft ? c[k * 8 + i] : c[i * 8 + k]) * m[k * 8 + j] }
                out[i * 8 + j] = sum
            }
        }
    }

    /// Gaussian blur with standard deviation `sigma` pixels (separable, edges clamped).
    static func blurred(_ image: RGBImage, sigma: Double) -> RGBImage {
        let radius = Int((3 * sigma).rounded(.up))
        let kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        let weights = kernel.map { $0 / total }
        var canvas = Canvas(image)
        let width = image.width, height = image.height
        for pass in 0..<2 {
            let source = canvas.values
            for y in 0..<height {
                for x in 0..<width {
                    var red = 0.0, green = 0.0, blue = 0.0
                    for tap in 0..<weights.count {
                        let offset = tap - radius
                        let sx = pass == 0 ? min(max(x + offset, 0), width - 1) : x
                        let sy = pass == 1 ? min(max(y + offset, 0), height - 1) : y
                        let base = (sy * width + sx) * 3, weight = weights[tap]
                        red += weight * source[base]
                        green += weight * source[base + 1]
                        blue += weight * source[base + 2]
                    }
                    canvas.set(x, y, red, green, blue)
                }
            }
        }
        return canvas.image
    }
}
