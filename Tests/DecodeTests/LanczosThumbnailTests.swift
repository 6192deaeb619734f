import CLanczosReduce
import Captures
import CVips
import Testing
@testable import DecodeStages

/// `vips.decode`'s own thumbnail (`LanczosThumbnail`, with `CLanczosReduce`'s horizontal reduce) gives the bytes
/// `vips_thumbnail` gives, on every path: JPEG shrink-on-load, PNG, gray, reduces on one axis or both, none at all.
@Suite("vips.decode: LanczosThumbnail")
struct LanczosThumbnailTests {
    let images: TestImages

    init() throws {
        images = try TestImages()
    }

    /// Texture with edges and gradients in every band, different per `seed`.
    func texture(width: Int, height: Int, bands: Int, seed: Int) throws -> VipsImageHandle {
        try images.image(width: width, height: height, bands: bands,
                         interpretation: bands == 1 ? VIPS_INTERPRETATION_B_W : VIPS_INTERPRETATION_sRGB) { x, y in
            (0..<bands).map { band in
                let ring = ((x - width / 3) * (x - width / 3) + (y - height / 2) * (y - height / 2)) / (9 + band + seed)
                return UInt8(truncatingIfNeeded: (x * (3 + band) + y * (5 + seed)) ^ (ring & 0x3F) ^ ((x / 7 + y / 5) % 2 * 160))
            }
        }
    }

    /// `texture` with 1, 3 or 4 bands (the fourth made by libvips from the first three, as a plain fourth band).
    func texture(width: Int, height: Int, anyBands bands: Int) throws -> VipsImageHandle {
        let image = try texture(width: width, height: height, bands: bands == 4 ? 3 : bands, seed: bands)
        guard bands == 4 else { return image }
        return try image.apply { input, output in
            var joined: UnsafeMutablePointer<VipsImage>?
            let status = pool_vips_grey_to_rgb(input, &joined)   // 9 bands; the first 4 are enough
            defer { if let joined { g_object_unref(UnsafeMutableRawPointer(joined)) } }
            return status != 0 ? status : pool_vips_extract_bands(joined, output, 0, 4)
        }
    }

    @Test("given JPEG and PNG files of many sizes, then the working image is vips_thumbnail's, byte for byte",
          arguments: [(1000, 563), (1700, 260), (500, 333), (293, 633), (401, 225), (4300, 60), (399, 400), (800, 800)])
    func sameBytes(size: (Int, Int)) throws {
        let stage = try VipsDecodeStage(size: 400)
        for (index, (format, bands)) in [(TestImages.Format.jpeg, 3), (.png, 3), (.jpeg, 1), (.png, 1)].enumerated() {
            let name = "t\(size.0)x\(size.1)-\(index).\(format == .jpeg ? "jpg" : "png")"
            let file = try images.save(try texture(width: size.0, height: size.1, bands: bands, seed: index),
                                       as: name, format: format)
            let expected = try stage.thumbnailImage(path: file.path)
            let fast = LanczosThumbnail.image(path: file.location, size: 400, failOn: VIPS_FAIL_ON_ERROR)
            #expect(fast != nil, "\(name): not taken by LanczosThumbnail")
            #expect(fast == expected, "\(name): differs from vips_thumbnail")
            #expect(try stage.decode(file).image == expected, "\(name): vips.decode differs from vips_thumbnail")
        }
    }

    @Test("given a rotated, transparent or 16-bit file, then LanczosThumbnail leaves it to vips_thumbnail")
    func otherCasesFallBack() throws {
        let rotated = try images.save(try texture(width: 600, height: 300, bands: 3, seed: 1), as: "r.jpg", format: .jpeg,
                                      orientation: 6)
        let alpha = try images.save(try texture(width: 600, height: 300, bands: 4, seed: 2), as: "a.png", format: .png)
        let deep = try images.save(try images.image16(width: 600, height: 300, bands: 3, value: 30_000,
                                                      interpretation: VIPS_INTERPRETATION_RGB16), as: "d.png", format: .png)
        for file in [rotated, alpha, deep] {
            #expect(LanczosThumbnail.image(path: file.location, size: 400, failOn: VIPS_FAIL_ON_ERROR) == nil, "\(file.path)")
        }
    }

    @Test("given rows of 1, 3 or 4 bands and shrinks from 1.05 to 3.5 (no box shrink first), then the reduce is vips_reduceh's, byte for byte")
    func kernelMatchesLibvips() throws {
        for (bands, width, height) in [(1, 257, 9), (3, 1001, 17), (4, 64, 3), (3, 37, 1)] {
            let source = try texture(width: width, height: height, anyBands: bands)
            let pixels = try source.bytes()
            for shrink in [1.05, 1.25, 1.5, 1.58, 2.0, 2.5, 3.33, 3.5] {
                let expected = try source.apply { pool_vips_reduceh_lanczos3($0, $1, shrink) }
                let outWidth = Int(pool_reduceh_width(Int32(width), shrink))
                #expect(outWidth == expected.width)
                var reduced = [UInt8](repeating: 0, count: outWidth * height * bands)
                let status = pool_reduceh_lanczos3(pixels, Int32(width), Int32(height), Int32(bands), shrink, &reduced)
                #expect(status == 0)
                #expect(reduced == (try expected.bytes()), "\(bands) bands, \(width) px, shrink \(shrink)")
            }
        }
    }

    @Test("given rows of 1 to 5 bands, any width and height and shrinks up to 8, then the AVX2 pairs loop, the SSE2 columns loop and plain C give the same bytes")
    func loopsAgree() {
        var seed: UInt32 = 7
        func next() -> UInt8 {
            seed = seed &* 1_103_515_245 &+ 12_345
            return UInt8(truncatingIfNeeded: seed >> 16)
        }
        let shapes = [(1, 1, 2), (1, 2, 3), (3, 5, 7), (3, 16, 8), (3, 17, 16), (3, 37, 1), (1, 257, 9), (2, 100, 5),
                      (3, 1001, 17), (4, 64, 3), (5, 90, 10), (3, 4000, 9)]
        for (bands, width, height) in shapes {
            // Noise with saturated pixels, so sums overshoot both ends of 0...255 and the clipping is exercised.
            let pixels = (0..<(width * height * bands)).map { index in index % 7 == 0 ? (next() & 1) * 255 : next() }
            for shrink in [1.0, 1.05, 1.25, 1.5, 2.0, 2.5, 3.33, 4.7, 7.9] {
                let outWidth = Int(pool_reduceh_width(Int32(width), shrink))
                guard outWidth > 0 else { continue }
                let results = [POOL_REDUCE_FASTEST, POOL_REDUCE_COLUMNS, POOL_REDUCE_PLAIN].map { loop in
                    var reduced = [UInt8](repeating: 0x5A, count: outWidth * height * bands)
                    let status = pool_reduceh_lanczos3_using(pixels, Int32(width), Int32(height), Int32(bands), shrink,
                                                             &reduced, loop)
                    return (status, reduced)
                }
                let shape = "\(bands) bands, \(width)x\(height), shrink \(shrink)"
                #expect(results.allSatisfy { $0.0 == results[0].0 }, "\(shape): statuses differ")
                #expect(results[0].1 == results[1].1, "\(shape): pairs loop differs from columns")
                #expect(results[1].1 == results[2].1, "\(shape): columns loop differs from plain C")
            }
        }
    }

    @Test("given a JPEG whose vertical shrink is not a binary fraction, then the one-pass resize is vips_thumbnail's, byte for byte")
    func oddShrinkSameBytes() throws {
        // 1687 rows to 900 (shrink 1.874375): row positions stepped in a double round differently unless they restart
        // at each 10-row region as libvips' do, so this holds `LanczosResize.regionRows` to libvips' pipeline.
        let stage = try VipsDecodeStage(size: 1600)
        for (width, height, bands) in [(2999, 1687, 3), (1211, 1703, 1)] {
            let file = try images.save(try texture(width: width, height: height, bands: bands, seed: width),
                                       as: "odd\(width).jpg", format: .jpeg)
            let loaded = try #require(file.location.withCString { pool_vips_open_thumbnail_source($0, 1, VIPS_FAIL_ON_ERROR) })
            let image = VipsImageHandle(owning: loaded)
            let (hshrink, vshrink) = LanczosThumbnail.shrinks(width: width, height: height, size: 1600)
            let resized = try LanczosResize.image(image, down: vshrink, across: hshrink)
            #expect(resized != nil, "\(width)x\(height): not taken by LanczosResize")
            #expect(resized == (try stage.thumbnailImage(path: file.path)), "\(width)x\(height): differs from vips_thumbnail")
        }
    }

    @Test("given rows of 1, 3 or 4 bands and shrinks from 1.25 to 3.5 (no box shrink first), then the vertical reduce is vips_reducev's, byte for byte")
    func verticalKernelMatchesLibvips() throws {
        for (bands, width, height) in [(1, 9, 257), (3, 17, 1001), (4, 5, 64), (3, 40, 37)] {
            let source = try texture(width: width, height: height, anyBands: bands)
            let pixels = try source.bytes()
            // Binary fractions: a row's position is then exact however libvips splits the image into regions.
            for shrink in [1.25, 1.5, 1.75, 2.0, 2.5, 3.5] {
                let expected = try source.apply { pool_vips_reducev_lanczos3($0, $1, shrink) }
                let outHeight = Int(pool_reducev_height(Int32(height), shrink))
                #expect(outHeight == expected.height)
                var reduced = [UInt8](repeating: 0, count: width * outHeight * bands)
                let status = pool_reducev_lanczos3_using(pixels, Int32(width), Int32(height), Int32(bands), shrink,
                                                         LanczosResize.regionRows, &reduced, POOL_REDUCE_FASTEST)
                #expect(status == 0)
                #expect(reduced == (try expected.bytes()), "\(bands) bands, \(height) rows, shrink \(shrink)")
            }
        }
    }

    @Test("given any width and height and shrinks up to 8, then the vertical reduce's AVX2 loop and plain C give the same bytes")
    func verticalLoopsAgree() {
        var seed: UInt32 = 11
        func next() -> UInt8 {
            seed = seed &* 1_103_515_245 &+ 12_345
            return UInt8(truncatingIfNeeded: seed >> 16)
        }
        let shapes = [(1, 2, 1), (3, 7, 5), (3, 8, 16), (3, 16, 17), (1, 9, 257), (2, 5, 100), (3, 1001, 17),
                      (4, 3, 64), (3, 4000, 9), (1, 33, 40)]
        for (bands, width, height) in shapes {
            // Noise with saturated pixels, so sums overshoot both ends of 0...255 and the clipping is exercised.
            let pixels = (0..<(width * height * bands)).map { index in index % 7 == 0 ? (next() & 1) * 255 : next() }
            for shrink in [1.05, 1.25, 1.5, 1.874375, 2.0, 2.5, 3.33, 4.7, 7.9] {
                let outHeight = Int(pool_reducev_height(Int32(height), shrink))
                guard outHeight > 0 else { continue }
                let results = [POOL_REDUCE_FASTEST, POOL_REDUCE_PLAIN].map { loop in
                    var reduced = [UInt8](repeating: 0x5A, count: width * outHeight * bands)
                    let status = pool_reducev_lanczos3_using(pixels, Int32(width), Int32(height), Int32(bands), shrink,
                                                             LanczosResize.regionRows, &reduced, loop)
                    return (status, reduced)
                }
                let shape = "\(bands) bands, \(width)x\(height), shrink \(shrink)"
                #expect(results[0].0 == 0 && results[1].0 == 0, "\(shape): failed")
                #expect(results[0].1 == results[1].1, "\(shape): AVX2 loop differs from plain C")
            }
        }
    }
}
