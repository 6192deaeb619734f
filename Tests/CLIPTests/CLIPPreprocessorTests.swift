import Captures
import Testing
@testable import CLIPModel

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
