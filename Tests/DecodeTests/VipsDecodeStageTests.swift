import Captures
import CVips
import Foundation
import Testing
import TestSupport
@testable import DecodeStages

@Suite("vips.decode")
struct VipsDecodeStageTests {
    let images: TestImages
    let harness: StageHarness<VipsDecodeStage>

    init() throws {
        images = try TestImages()
        harness = StageHarness(try VipsDecodeStage())
    }

    /// Left half red, right half blue.
    func halves(width: Int, height: Int) throws -> VipsImageHandle {
        try images.image(width: width, height: height, bands: 3) { x, _ in x < width / 2 ? [255, 0, 0] : [0, 0, 255] }
    }

    func rgb(_ image: RGBImage, _ x: Int, _ y: Int) -> [UInt8] {
        let start = (y * image.width + x) * 3
        return Array(image.pixels[start..<start + 3])
    }

    @Test("given EXIF orientation 6, when decoded, then the picture is turned upright and its sides swap")
    func orientation() async throws {
        let file = try images.save(try halves(width: 300, height: 200), as: "turned.jpg", format: .jpeg, orientation: 6)
        let decoded = try await harness.process(file)
        #expect(decoded.metadata.pixelWidth == 200 && decoded.metadata.pixelHeight == 300)
        #expect(decoded.image.width == 200 && decoded.image.height == 300)
        // Turned a quarter clockwise: the stored left (red) half is now on top, the right (blue) at the bottom.
        let top = rgb(decoded.image, 100, 40), bottom = rgb(decoded.image, 100, 260)
        #expect(top[0] > 200 && top[2] < 60)
        #expect(bottom[2] > 200 && bottom[0] < 60)
    }

    @Test("given EXIF DateTimeOriginal with an offset and GPS south/west, then date and location are read")
    func exifDateAndGPS() async throws {
        let exif = [
            "exif-ifd0-Make": "Canon",
            "exif-ifd2-DateTimeOriginal": "2023:07:14 10:22:33",
            "exif-ifd2-OffsetTimeOriginal": "+02:00",
            "exif-ifd3-GPSLatitudeRef": "S",
            "exif-ifd3-GPSLatitude": "51/1 30/1 132/5",
            "exif-ifd3-GPSLongitudeRef": "W",
            "exif-ifd3-GPSLongitude": "0/1 7/1 39/1",
        ]
        let file = try images.save(try halves(width: 64, height: 48), as: "IMG_0001.jpg", format: .jpeg, exif: exif)
        let metadata = try await harness.process(file).metadata
        #expect(metadata.dateSource == .exif)
        #expect(metadata.date == ISO8601DateFormatter().date(from: "2023-07-14T08:22:33Z"))
        let location = try #require(metadata.location)
        let latitude: Double = -(51.0 + 30.0 / 60.0 + 26.4 / 3600.0)
        let longitude: Double = -(7.0 / 60.0 + 39.0 / 3600.0)
        #expect(abs(location.latitude - latitude) < 1e-9)
        #expect(abs(location.longitude - longitude) < 1e-9)
        #expect(metadata.kind == .photo)
        #expect(metadata.format == "jpeg")
    }

    @Test("given no EXIF date, then the capture date is the file's modification time")
    func fileTimeFallback() async throws {
        let file = try images.save(try halves(width: 32, height: 32), as: "plain.jpg", format: .jpeg)
        let metadata = try await harness.process(file).metadata
        #expect(metadata.dateSource == .file)
        #expect(metadata.date == file.modified)
        #expect(metadata.location == nil)
    }

    @Test("given a truncated file, then decoding fails with a reason naming the file",
          arguments: [("jpg", TestImages.Format.jpeg), ("png", .png), ("webp", .webp), ("tif", .tiff)])
    func truncated(fileExtension: String, format: TestImages.Format) async throws {
        let whole = try images.save(try images.image(width: 400, height: 300, bands: 3) { x, y in
            [UInt8(x % 256), UInt8(y % 256), UInt8((x * y) % 256)]
        }, as: "whole." + fileExtension, format: format)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: whole.path)))
        let file = try images.write(Array(bytes.prefix(bytes.count / 2)), as: "cut." + fileExtension)
        let error = try #require(throws: DecodeError.self) { try harness.stage.decode(file) }
        #expect(error.description.contains(file.path))
    }

    @Test("given a file that is not an image, then decoding fails naming the file and what libvips said")
    func notAnImage() async throws {
        let file = try images.write(Array("just some text\n".utf8), as: "notes.jpg")
        let error = try #require(throws: DecodeError.self) { try harness.stage.decode(file) }
        #expect(error.description.contains(file.path))
        guard case .unreadable(_, let reason) = error else { Issue.record("expected .unreadable, got \(error)"); return }
        #expect(!reason.isEmpty && reason != "unknown libvips error")
    }

    @Test("given a 1x1 PNG, then the working image is one RGB pixel")
    func onePixel() async throws {
        let file = try images.save(try images.image(width: 1, height: 1, bands: 3) { _, _ in [10, 20, 30] },
                                   as: "dot.png", format: .png)
        let decoded = try await harness.process(file)
        #expect(decoded.image == RGBImage(width: 1, height: 1, pixels: [10, 20, 30]))
    }

    @Test("given a grayscale JPEG, then the working image has three equal bands")
    func grayscale() async throws {
        let grey = try images.image(width: 40, height: 30, bands: 1, interpretation: VIPS_INTERPRETATION_B_W) { x, _ in
            [UInt8(x * 6)]
        }
        let decoded = try await harness.process(try images.save(grey, as: "grey.jpg", format: .jpeg))
        #expect(decoded.image.pixels.count == 40 * 30 * 3)
        let pixel = rgb(decoded.image, 20, 15)
        #expect(pixel[0] == pixel[1] && pixel[1] == pixel[2])
        #expect(abs(Int(pixel[0]) - 120) < 8)
    }

    @Test("given a 16-bit PNG, then values are scaled to 8 bits, not clipped")
    func sixteenBit() async throws {
        let image = try images.image16(width: 8, height: 8, bands: 3, value: 32768,
                                       interpretation: VIPS_INTERPRETATION_RGB16)
        let decoded = try await harness.process(try images.save(image, as: "deep.png", format: .png))
        #expect(rgb(decoded.image, 4, 4).allSatisfy { abs(Int($0) - 128) <= 2 })
    }

    @Test("given a CMYK JPEG of no ink, then the working image is white in sRGB")
    func cmyk() async throws {
        let image = try images.image(width: 16, height: 16, bands: 4, interpretation: VIPS_INTERPRETATION_CMYK) { _, _ in
            [0, 0, 0, 0]
        }
        let decoded = try await harness.process(try images.save(image, as: "print.jpg", format: .jpeg))
        #expect(decoded.image.pixels.count == 16 * 16 * 3)
        #expect(rgb(decoded.image, 8, 8).allSatisfy { $0 > 235 })
    }

    @Test("given transparent pixels, then they are flattened onto white")
    func alpha() async throws {
        let image = try images.image(width: 10, height: 10, bands: 4) { x, _ in x < 5 ? [255, 0, 0, 0] : [0, 0, 255, 255] }
        let decoded = try await harness.process(try images.save(image, as: "cutout.png", format: .png))
        #expect(rgb(decoded.image, 1, 5) == [255, 255, 255])
        #expect(rgb(decoded.image, 8, 5) == [0, 0, 255])
    }

    @Test("given a 20000x200 image, then it is shrunk to the working size and the full size is reported")
    func veryLarge() async throws {
        let file = try images.save(try images.black(width: 20_000, height: 200), as: "panorama.jpg", format: .jpeg)
        let decoded = try await harness.process(file)
        #expect(decoded.image.width == 1600 && decoded.image.height == 16)
        #expect(decoded.metadata.pixelWidth == 20_000 && decoded.metadata.pixelHeight == 200)
    }

    @Test("given an image smaller than the working size, then it is never enlarged")
    func neverEnlarges() async throws {
        let file = try images.save(try halves(width: 100, height: 50), as: "small.webp", format: .webp)
        let decoded = try await harness.process(file)
        #expect(decoded.image.width == 100 && decoded.image.height == 50)
        #expect(decoded.metadata.format == "webp")
        let smaller = try await StageHarness(try VipsDecodeStage(size: 40)).process(file)
        #expect(smaller.image.width == 40 && smaller.image.height == 20)
    }

    @Test("given a PNG without camera EXIF, then it is a screenshot; a screenshot name wins over format")
    func kind() async throws {
        let png = try images.save(try halves(width: 20, height: 20), as: "page.png", format: .png)
        #expect(try await harness.process(png).metadata.kind == .screenshot)
        let named = try images.save(try halves(width: 20, height: 20), as: "Screenshot 2024-01-02.jpg", format: .jpeg)
        #expect(try await harness.process(named).metadata.kind == .screenshot)
        let tiff = try images.save(try halves(width: 20, height: 20), as: "scan.tiff", format: .tiff)
        #expect(try await harness.process(tiff).metadata.kind == .photo)
    }

    @Test("given a HEIC photo with an EXIF date, then it decodes where libvips has the HEIF loader",
          .enabled(if: VipsRuntime.hasLoader("heifload") && VipsRuntime.hasLoader("heifsave")))
    func heic() async throws {
        let file = try images.save(try halves(width: 64, height: 48), as: "IMG_5001.HEIC", format: .heif,
                                   exif: ["exif-ifd0-Make": "Apple", "exif-ifd2-DateTimeOriginal": "2024:01:02 03:04:05",
                                          "exif-ifd2-OffsetTimeOriginal": "+00:00"])
        let decoded = try await harness.process(file)
        #expect(decoded.metadata.format == "heif" && decoded.metadata.kind == .photo)
        #expect(decoded.metadata.date == ISO8601DateFormatter().date(from: "2024-01-02T03:04:05Z"))
        #expect(decoded.image.width == 64 && decoded.image.height == 48)
        let left = rgb(decoded.image, 8, 24)
        #expect(left[0] > 180 && left[2] < 80)
    }

    @Test("given a GIF with a palette, then it decodes to RGB and reports the gif format",
          .enabled(if: VipsRuntime.hasLoader("gifsave")))
    func gif() async throws {
        let decoded = try await harness.process(try images.save(try halves(width: 30, height: 20), as: "anim.gif",
                                                                format: .gif))
        #expect(decoded.metadata.format == "gif")
        #expect(decoded.image.width == 30 && decoded.image.height == 20)
        let left = rgb(decoded.image, 3, 10), right = rgb(decoded.image, 27, 10)
        #expect(left[0] > 200 && left[2] < 60 && right[2] > 200 && right[0] < 60)
    }

    @Test("given several workers decoding at once, then each gets the same result as decoding alone")
    func concurrentWorkers() async throws {
        var files: [CaptureFile] = []
        for index in 0..<6 {
            let image = try images.image(width: 120 + index * 10, height: 90, bands: 3) { x, y in
                [UInt8((x * (index + 1)) % 256), UInt8(y % 256), UInt8(index * 40)]
            }
            files.append(try images.save(image, as: "w\(index).png", format: .png))
        }
        files.append(try images.write(Array("not an image".utf8), as: "w-bad.jpg"))
        let stage = harness.stage
        let inputs = files
        @Sendable func outcome(_ file: CaptureFile) -> String {
            do { return "\(try stage.decode(file).image.pixels.hashValue)" } catch { return "\(error)" }
        }
        let alone = inputs.map(outcome)
        let together = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0..<4 { group.addTask { inputs.map(outcome) } }
            var all: [[String]] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(together.count == 4 && together.allSatisfy { $0 == alone })
        #expect(alone.last?.contains("w-bad.jpg") == true)
    }
}
