import Captures
import CVips
import Foundation
import Testing
import TestSupport
@testable import DecodeStages
@testable import Runner

/// Files nobody on the team made: each fails its own capture with a reason naming the file, or decodes in little
/// memory; none stops the run or allocates what its header claims.
@Suite("vips.decode: hostile files")
struct HostileDecodeTests {
    let images: TestImages
    let stage: VipsDecodeStage

    init() throws {
        images = try TestImages()
        stage = try VipsDecodeStage()
    }

    @Test("given a PNG whose header claims a huge size, then it is refused from the header, before decoding",
          arguments: [(1_000_000, 1_000_000), (4_000_000, 4_000_000), (1_000_000, 1), (1, 1_000_000), (300_000, 300_000)])
    func pngBomb(width: Int, height: Int) throws {
        let file = try images.pngBomb(width: width, height: height, as: "claims-\(width)x\(height).png")
        // The header alone gives the claim, and the limits judge it without reading anything else.
        let claim = try stage.claimedSize(of: file)
        #expect(claim == ClaimedSize(width: width, height: height, format: "png"))
        let violation = try #require(stage.limits.violation(by: claim))
        // decode throws that very refusal: the check sits between the header read and the pixel load.
        let error = try #require(throws: DecodeError.self) { try stage.decode(file) }
        #expect(error == .overLimit(path: file.path, claim: claim, violation: violation))
        #expect(error.description.contains(file.path))
        #expect(error.description.contains("before decoding: it claims \(width)x\(height) pixels"))
        #expect(error.description.contains("vips.decode limit"))
    }

    @Test("given the 4000000x4000000 bomb, then the reason says the size in words, the limit and its option")
    func bombMessage() throws {
        let file = try images.pngBomb(width: 4_000_000, height: 4_000_000, as: "bomb.png")
        let error = try #require(throws: DecodeError.self) { try stage.decode(file) }
        #expect(error.description == "refused \(file.path) before decoding: it claims 4000000x4000000 pixels "
            + "(16 terapixels), over the vips.decode limit of 300 megapixels (option maxMegapixels)")
        let wide = try images.pngBomb(width: 1_000_000, height: 1, as: "wide.png")
        let side = try #require(throws: DecodeError.self) { try stage.decode(wide) }
        #expect(side.description == "refused \(wide.path) before decoding: it claims 1000000x1 pixels (1 megapixel), "
            + "its width of 1000000 is over the vips.decode limit of 65535 pixels a side (option maxSide)")
    }

    @Test("given the default limits, then a 200-megapixel photo and a JPEG-sized panorama pass; bombs do not")
    func defaultLimits() {
        let limits = DecodeLimits.standard
        #expect(limits.violation(by: ClaimedSize(width: 16_320, height: 12_240, format: "jpeg")) == nil)
        #expect(limits.violation(by: ClaimedSize(width: 16_320, height: 12_240, format: "heif")) == nil)
        #expect(limits.violation(by: ClaimedSize(width: 65_535, height: 4_000, format: "png")) == nil)
        #expect(limits.violation(by: ClaimedSize(width: 8_000, height: 6_000, pages: 5_000, format: "gif")) == nil)
        #expect(limits.violation(by: ClaimedSize(width: 20_000, height: 20_000, format: "jpeg")) == .pixels(limit: 300_000_000))
        #expect(limits.violation(by: ClaimedSize(width: 65_536, height: 16, format: "png"))
            == .side(name: "width", length: 65_536, limit: 65_535))
        #expect(limits.violation(by: ClaimedSize(width: 20_000, height: 12_000, format: "gif"))
            == .wholeFrame(bytes: 1_920_000_000, limit: 1200 << 20))
        #expect(ClaimedSize.amount(1_500_000) == "1.5 megapixels" && ClaimedSize.amount(90_000_000_000) == "90 gigapixels")
    }

    @Test("given a GIF whose header claims 30000x30000 pixels, then it is refused before decoding")
    func gifBomb() throws {
        let file = try images.gifBomb(width: 30_000, height: 30_000, as: "screen.gif")
        let error = try #require(throws: DecodeError.self) { try stage.decode(file) }
        guard case .overLimit(_, let claim, .pixels) = error else { Issue.record("expected .overLimit, got \(error)"); return }
        #expect(claim.width == 30_000 && claim.height == 30_000 && claim.format == "gif")
        #expect(error.description.contains(file.path))
    }

    @Test("given a GIF of 20000x12000 (under the pixel limit), then it is refused for the memory a whole frame needs")
    func wholeFrame() throws {
        let file = try images.gifBomb(width: 20_000, height: 12_000, as: "wide-screen.gif")
        let error = try #require(throws: DecodeError.self) { try stage.decode(file) }
        #expect(error.description.contains("decoded whole, it would need about 1831 MB, over the vips.decode limit of "
            + "1200 MB (option maxDecodeMegabytes)"))
    }

    @Test("given an empty file of any listed format, then it fails as unreadable, naming the file",
          arguments: ["jpg", "jpeg", "png", "heic", "heif", "webp", "tif", "tiff", "gif"])
    func zeroBytes(fileExtension: String) throws {
        let file = try images.write([], as: "empty." + fileExtension)
        let error = try #require(throws: DecodeError.self) { try stage.decode(file) }
        guard case .unreadable(let path, let reason) = error else { Issue.record("expected .unreadable, got \(error)"); return }
        #expect(path == file.path && reason.contains("not a known file format"))
        #expect(error.description.contains(file.path))
    }

    @Test("given a file cut in half, of any format the folder lists, then it fails naming the file",
          arguments: [("jpg", TestImages.Format.jpeg), ("png", .png), ("webp", .webp), ("tif", .tiff), ("gif", .gif),
                      ("heic", .heif)])
    func truncated(fileExtension: String, format: TestImages.Format) throws {
        if format == .heif, !VipsRuntime.hasLoader("heifsave") { return }
        let whole = try images.save(try images.noise(width: 300, height: 200), as: "whole." + fileExtension, format: format)
        #expect(throws: Never.self) { try stage.decode(whole) }
        let cut = try images.firstHalf(of: whole, as: "cut." + fileExtension)
        let error = try #require(throws: DecodeError.self) { try stage.decode(cut) }
        #expect(error.description.contains(cut.path))
        #expect(!error.description.contains("unknown libvips error"))
    }

    @Test("given a TIFF cut before its directory, then the reason says it is not readable, not that magick is blocked")
    func tiffWithoutDirectory() throws {
        let whole = try images.save(try images.noise(width: 300, height: 200), as: "whole.tif", format: .tiff)
        let cut = try images.firstHalf(of: whole, as: "cut.tif")
        let error = try #require(throws: DecodeError.self) { try stage.decode(cut) }
        #expect(error.description.contains(cut.path))
        #expect(!error.description.contains("operation is blocked"))
    }

    @Test("given failOn none, then a truncated JPEG decodes to what is there; by default it fails")
    func failOnNone() throws {
        let whole = try images.save(try images.noise(width: 300, height: 200), as: "whole.jpg", format: .jpeg)
        let cut = try images.firstHalf(of: whole, as: "cut.jpg")
        #expect(throws: DecodeError.self) { try stage.decode(cut) }
        let lenient = try VipsDecodeStage(failOn: .none).decode(cut)
        #expect(lenient.image.width == 300 && lenient.image.height == 200)
    }

    @Test("given text named .png, then it fails as unreadable, naming the file")
    func textNamedPNG() throws {
        let file = try images.write(Array(String(repeating: "this is not an image\n", count: 10).utf8), as: "notes.png")
        let error = try #require(throws: DecodeError.self) { try stage.decode(file) }
        guard case .unreadable(let path, let reason) = error else { Issue.record("expected .unreadable, got \(error)"); return }
        #expect(path == file.path && reason.contains("not a known file format"))
    }

    @Test("given an SVG named .jpg, then it fails: loaders other than the listed formats are never used")
    func otherLoaderBlocked() throws {
        let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100000\" height=\"100000\"></svg>\n"
        let file = try images.write(Array(svg.utf8), as: "drawing.jpg")
        let error = try #require(throws: DecodeError.self) { try stage.decode(file) }
        guard case .unreadable(let path, _) = error else { Issue.record("expected .unreadable, got \(error)"); return }
        #expect(path == file.path)
        #expect(!error.description.contains("operation is blocked"))
    }

    @Test("given a PNG named .jpg, then it decodes by its content")
    func pngNamedJPEG() throws {
        let file = try images.save(try images.noise(width: 40, height: 30), as: "really-a-png.jpg", format: .png)
        let decoded = try stage.decode(file)
        #expect(decoded.metadata.format == "png" && decoded.image.width == 40)
    }

    @Test("given a 20000x20000 JPEG, then the default limit refuses it; with a higher limit it shrinks on load")
    func hugeJPEG() throws {
        let file = try images.save(try images.black(width: 20_000, height: 20_000), as: "huge.jpg", format: .jpeg)
        let error = try #require(throws: DecodeError.self) { try stage.decode(file) }
        guard case .overLimit(_, _, .pixels(300_000_000)) = error else { Issue.record("expected .pixels, got \(error)"); return }
        var limits = DecodeLimits.standard
        limits.maxPixels = 400_000_000
        let decoded = try VipsDecodeStage(limits: limits).decode(file)
        #expect(decoded.image.width == 1600 && decoded.image.height == 1600)
        #expect(decoded.metadata.pixelWidth == 20_000 && decoded.metadata.pixelHeight == 20_000)
    }

    @Test("given a GIF of 3000 frames, then the header counts them and only the first frame is decoded",
          .enabled(if: VipsRuntime.hasLoader("gifsave")))
    func manyFrames() throws {
        let file = try images.paged(pages: 3000, width: 16, height: 16, as: "frames.gif", format: .gif)
        #expect(try stage.claimedSize(of: file) == ClaimedSize(width: 16, height: 16, pages: 3000, format: "gif"))
        let decoded = try stage.decode(file)
        #expect(decoded.image.width == 16 && decoded.image.height == 16)
    }

    @Test("given a TIFF of 200 pages, then only the first page is decoded")
    func manyPages() throws {
        let file = try images.paged(pages: 200, width: 64, height: 48, as: "pages.tif", format: .tiff)
        #expect(try stage.claimedSize(of: file).pages == 200)
        let decoded = try stage.decode(file)
        #expect(decoded.image.width == 64 && decoded.image.height == 48)
    }

    @Test("given limit options in a pipeline file, then they are read and checked")
    func options() throws {
        func make(_ options: [String: JSONValue]) throws -> AnyStage {
            var registry = StageRegistry()
            registry.registerDecodeStages()
            let setup = StageSetup(stageID: "decode", kind: "vips.decode",
                                   options: StageOptions(file: "pipeline.json", stageID: "decode", values: options),
                                   concurrency: 2, environment: StageEnvironment(baseDirectory: "/"))
            return try registry.stageFactories["vips.decode"]!(setup)
        }
        _ = try make(["maxMegapixels": .number(50), "maxSide": .number(20_000), "maxDecodeMegabytes": .number(512),
                      "failOn": .string("truncated")])
        let level = try #require(throws: PipelineError.self) { try make(["failOn": .string("sometimes")]) }
        #expect(level.field == "options.failOn")
        #expect(level.problem == .invalidOption(
            reason: "must be one of \"none\", \"truncated\", \"error\", \"warning\", found \"sometimes\""))
        let side = try #require(throws: PipelineError.self) { try make(["maxSide": .number(0)]) }
        #expect(side.problem == .invalidOption(reason: "must be from 16 to 10000000, found 0"))
    }
}
