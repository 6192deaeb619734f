import Captures
import Testing
@testable import CLIPModel
import Imaging

@Suite("CLIP preprocessing against transformers' CLIPImageProcessor (Pillow bicubic)")
struct CLIPPreprocessorTests {
    @Test("resize, crop and normalisation match the reference on every fixture image")
    func matchesReference() throws {
        let reference = try Fixture.reference()
        let folder = CLIPModelFolder(path: Fixture.modelPath)
        let preprocessor = try folder.loadPreprocessor(config: folder.loadConfig())
        #expect(preprocessor.cropSize == 32)
        for (index, entry) in reference.images.enumerated() {
            let ours = try preprocessor.pixels(Fixture.image(entry))
            let theirs = try Fixture.referencePixels(index: index, size: 32)
            // One 8-bit level is 1/255/0.26 ≈ 0.015 after normalisation; float rounding alone is ~1e-6.
            #expect(Fixture.maxDifference(ours.storage, theirs.storage) < 1e-5, "image \(entry.name)")
        }
    }

    @Test("the shortest side becomes the target and the other side keeps the aspect, truncated")
    func resizedSize() {
        let preprocessor = CLIPPreprocessor(imageSize: 224)
        #expect(preprocessor.resizedSize(width: 640, height: 480) == (298, 224))
        #expect(preprocessor.resizedSize(width: 100, height: 333) == (224, 745))
        #expect(preprocessor.resizedSize(width: 50, height: 50) == (224, 224))
    }

    @Test("an empty image is refused with a clear error")
    func emptyImage() {
        #expect(throws: CLIPError.badImage(reason: "the image is empty (0×0)")) {
            try CLIPPreprocessor(imageSize: 32).pixels(RGBImage(width: 0, height: 0, pixels: []))
        }
    }

    @Test("a flat grey image stays flat through the resampler")
    func flatImageStaysFlat() throws {
        let grey = RGBImage(width: 57, height: 41, pixels: [UInt8](repeating: 128, count: 57 * 41 * 3))
        let cropped = try CLIPPreprocessor(imageSize: 32).croppedImage(grey)
        #expect(cropped.width == 32 && cropped.height == 32)
        #expect(cropped.pixels.allSatisfy { $0 == 128 })
    }
}

@Suite("Bicubic resampler")
struct BicubicResamplerTests {
    static func pattern(width: Int, height: Int) -> RGBImage {
        RGBImage(width: width, height: height, pixels: (0..<(width * height * 3)).map { UInt8(truncatingIfNeeded: $0 &* 37 ^ ($0 >> 5)) })
    }

    @Test("computing only the crop gives the same pixels as resizing everything and cutting", arguments: [
        (61, 37, 52, 32, 10..<42, 0..<32), (40, 70, 32, 56, 0..<32, 12..<44), (20, 27, 32, 43, 0..<32, 5..<37),
    ])
    func cropEqualsFullResize(width: Int, height: Int, outWidth: Int, outHeight: Int,
                              columns: Range<Int>, rows: Range<Int>) {
        let image = Self.pattern(width: width, height: height)
        let full = BicubicResampler.resize(image, width: outWidth, height: outHeight)
        let part = BicubicResampler.resize(image, width: outWidth, height: outHeight, keepingColumns: columns, rows: rows)
        #expect(part.width == columns.count && part.height == rows.count)
        var cut: [UInt8] = []
        for y in rows {
            let start = (y * outWidth + columns.lowerBound) * 3
            cut += full.pixels[start..<(start + columns.count * 3)]
        }
        #expect(part.pixels == cut)
    }

    @Test("a one-pixel-high strip is preprocessed without resizing its full 224-high width")
    func extremeAspect() throws {
        let strip = Self.pattern(width: 4000, height: 1)
        let cropped = try CLIPPreprocessor(imageSize: 224).croppedImage(strip)
        #expect(cropped.width == 224 && cropped.height == 224)
    }
}
