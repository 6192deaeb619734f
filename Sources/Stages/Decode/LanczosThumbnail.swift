import CLanczosReduce
import Captures
import CVips

/// The working image of a plain JPEG or PNG file, byte for byte what `vips_thumbnail` (libvips 8.14, size "down",
/// Lanczos 3) makes of it, at a fraction of its cost: libvips' horizontal reduce is a generic loop that took
/// about half of a photo's decode, so that step is done by `CLanczosReduce` (the same masks and rounding,
/// vectorised), and so is the vertical reduce (`LanczosResize`, the same arithmetic as libvips' Orc program, both
/// reduces in one pass down the rows) wherever libvips would run that program; every other step is libvips' as
/// `vips_thumbnail` does it: the same shrink-on-load, the same decoder. `DecodeTests` hold the bytes equal to
/// `vips_thumbnail`'s on JPEG and PNG files of many sizes.
///
/// Anything else (other formats, alpha, 16-bit, CMYK, an EXIF rotation, a reduce that libvips would start with a
/// box shrink, a file that fails) returns nil, and `vips_thumbnail` makes the image as before.
enum LanczosThumbnail {
    /// The working image of the file at `path` (long side at most `size`), or nil when it is not a plain case or
    /// any step fails (libvips' error buffer is then emptied, so the caller's own decode reports its failure).
    /// `header` is the file opened for its header (`pool_vips_open_header`) when the caller has it already.
    static func image(path: FileSystemPath, size: Int, failOn: VipsFailOn, header: VipsImageHandle? = nil) -> RGBImage? {
        do {
            return try make(path: path, size: size, failOn: failOn, header: header)
        } catch {
            VipsRuntime.discardErrors()
            return nil
        }
    }

    private static func make(path: FileSystemPath, size: Int, failOn: VipsFailOn,
                             header opened: VipsImageHandle?) throws(VipsFailure) -> RGBImage? {
        guard size > 0 else { return nil }
        guard let header = opened ?? path.withCString(pool_vips_open_header).map({ VipsImageHandle(owning: $0) }) else {
            return nil
        }
        let loader = header.string(VIPS_META_LOADER) ?? ""
        guard loader == "jpegload" || loader == "pngload", isPlain(header),
              vips_image_get_page_height(header.pointer) == header.height else { return nil }
        let factor = loader == "jpegload" ? jpegShrink(shrinks(width: header.width, height: header.height, size: size)) : 1
        guard let loaded = path.withCString({ pool_vips_open_thumbnail_source($0, Int32(factor), failOn) }) else {
            throw VipsFailure(message: "open failed")
        }
        var image = VipsImageHandle(owning: loaded)
        guard isPlain(image) else { return nil }
        // vips_resize's steps: the scales, each at least one pixel's worth, then the vertical reduce and the
        // horizontal one.
        let (hshrink, vshrink) = shrinks(width: image.width, height: image.height, size: size)
        let hscale = max(1.0 / hshrink, 1.0 / Double(image.width))
        let vscale = max(1.0 / vshrink, 1.0 / Double(image.height))
        let across = 1.0 / hscale
        let width = Int(pool_reduceh_width(Int32(image.width), across))
        // With vips_resize's gap of 2, libvips starts a reduce of 4x or more with a box shrink: left to libvips.
        let reducesAcross = width > 0 && max(1, Int((Double(image.width) / Double(width) / 2).rounded(.down))) == 1
        if vscale < 1, hscale >= 1 || reducesAcross,
           let resized = try LanczosResize.image(image, down: 1.0 / vscale, across: hscale < 1 ? across : nil) {
            return resized
        }
        if vscale < 1 {
            image = try image.apply { pool_vips_reducev_lanczos3($0, $1, 1.0 / vscale) }
        }
        guard hscale < 1 else { return rgb(width: image.width, height: image.height, bands: image.bands, try image.bytes()) }
        guard reducesAcross else {
            image = try image.apply { pool_vips_reduceh_lanczos3($0, $1, across) }
            return rgb(width: image.width, height: image.height, bands: image.bands, try image.bytes())
        }
        let source = try image.bytes()
        let bands = image.bands, height = image.height, sourceWidth = image.width
        var failed = false
        let reduced = [UInt8](unsafeUninitializedCapacity: width * height * bands) { buffer, count in
            failed = source.withUnsafeBufferPointer { source in
                pool_reduceh_lanczos3(source.baseAddress, Int32(sourceWidth), Int32(height), Int32(bands), across,
                                      buffer.baseAddress) != 0
            }
            count = failed ? 0 : width * height * bands
        }
        guard !failed else { return nil }
        return rgb(width: width, height: height, bands: bands, reduced)
    }

    /// 8-bit sRGB with three bands, or 8-bit gray with one: no alpha, no coding, no EXIF rotation.
    private static func isPlain(_ image: VipsImageHandle) -> Bool {
        let bands = image.bands, space = image.interpretation
        return image.format == VIPS_FORMAT_UCHAR && pool_vips_coding(image.pointer) == VIPS_CODING_NONE
            && !image.hasAlpha && pool_vips_orientation(image.pointer) == 1
            && ((bands == 3 && space == VIPS_INTERPRETATION_sRGB) || (bands == 1 && space == VIPS_INTERPRETATION_B_W))
    }

    /// vips_thumbnail_calculate_shrink for a `size` x `size` box, size "down", no crop: the larger of the two
    /// shrinks on both axes, never below 1 nor past one pixel.
    static func shrinks(width: Int, height: Int, size: Int) -> (Double, Double) {
        var hshrink = Double(width) / Double(size), vshrink = Double(height) / Double(size)
        if hshrink < vshrink { hshrink = vshrink } else { vshrink = hshrink }
        hshrink = min(max(1, hshrink), Double(width))
        vshrink = min(max(1, vshrink), Double(height))
        return (hshrink, vshrink)
    }

    /// vips_thumbnail_find_jpegshrink: the JPEG decoder's reduced-size decode, leaving at least a factor of two to
    /// the reduce.
    static func jpegShrink(_ shrinks: (Double, Double)) -> Int {
        let shrink = min(shrinks.0, shrinks.1)
        return shrink >= 16 ? 8 : shrink >= 8 ? 4 : shrink >= 4 ? 2 : 1
    }

    /// Three bands as they are; one gray band repeated into three (as `VipsDecodeStage.rgb8` joins them).
    static func rgb(width: Int, height: Int, bands: Int, _ pixels: [UInt8]) -> RGBImage? {
        if bands == 3 { return RGBImage(width: width, height: height, pixels: pixels) }
        guard bands == 1 else { return nil }
        var rgb = [UInt8](repeating: 0, count: pixels.count * 3)
        for index in pixels.indices {
            let value = pixels[index]
            rgb[3 * index] = value
            rgb[3 * index + 1] = value
            rgb[3 * index + 2] = value
        }
        return RGBImage(width: width, height: height, pixels: rgb)
    }
}
