import TestSupport
import Captures
import Foundation
import Runner

/// Test images for the reading and code tests: pages of text drawn with libvips' text renderer, a photo-like
/// scene, and a capture around an image.
public enum Pages {
    /// Lines of text in DejaVu Sans at `size` px, `color` on `background`, one under the other with a margin.
    public static func text(_ lines: [String], size: Int = 28, color: Canvas.RGB = .init(20, 20, 20),
                            background: Canvas.RGB = .white, width: Int = 900, height: Int = 600,
                            font: String = "DejaVu Sans")
        throws -> (image: RGBImage, boxes: [(x: Int, y: Int, w: Int, h: Int)]) {
        var canvas = Canvas(width: width, height: height, color: background)
        var boxes: [(x: Int, y: Int, w: Int, h: Int)] = []
        var y = size * 2
        for line in lines {
            let mask = try TextRenderer.mask(line, font: "\(font) \(size)")
            canvas.paint(mask, x: size * 2, y: y, color: color)
            boxes.append((size * 2, y, mask.width, mask.height))
            y += mask.height + size
        }
        return (canvas.image, boxes)
    }

    /// A decoded capture of `image`, as the decode stage would hand it on.
    public static func capture(_ image: RGBImage) -> DecodedCapture {
        let file = CaptureFile(id: CaptureID("test"), source: "tests", path: "/tmp/test.png", relativePath: "test.png",
                               byteCount: 0, modified: Date(timeIntervalSince1970: 0))
        let metadata = CaptureMetadata(date: Date(timeIntervalSince1970: 0), dateSource: .file, location: nil,
                                       pixelWidth: image.width, pixelHeight: image.height, kind: .screenshot,
                                       format: "png")
        return DecodedCapture(file: file, image: image, metadata: metadata)
    }

    /// A photo-like image without text: smooth colour gradients, soft blobs and sensor noise.
    public static func scene(width: Int = 1200, height: Int = 800, seed: UInt64 = 7) -> RGBImage {
        var random = SplitMix64(seed: seed)
        let blobs = (0..<40).map { _ in
            (x: Double(random.next() % UInt64(width)), y: Double(random.next() % UInt64(height)),
             r: Double(20 + random.next() % 200), shade: Double(random.next() % 120) - 60)
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                var value = 60 + 120 * Double(y) / Double(height)
                for blob in blobs {
                    let dx = Double(x) - blob.x, dy = Double(y) - blob.y
                    value += blob.shade * exp(-(dx * dx + dy * dy) / (blob.r * blob.r))
                }
                value += Double(random.next() % 9) - 4
                let index = 3 * (y * width + x)
                pixels[index] = UInt8(max(0, min(255, value * 0.9)))
                pixels[index + 1] = UInt8(max(0, min(255, value)))
                pixels[index + 2] = UInt8(max(0, min(255, value * 0.7)))
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// The image's pixels as luma in all three channels: a grayscale capture.
    public static func grayscale(_ image: RGBImage) -> RGBImage {
        var pixels = image.pixels
        for index in 0..<(image.width * image.height) {
            let r = Int(pixels[3 * index]), g = Int(pixels[3 * index + 1]), b = Int(pixels[3 * index + 2])
            let luma = UInt8((299 * r + 587 * g + 114 * b) / 1000)
            pixels[3 * index] = luma; pixels[3 * index + 1] = luma; pixels[3 * index + 2] = luma
        }
        return RGBImage(width: image.width, height: image.height, pixels: pixels)
    }
}
