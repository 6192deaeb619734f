import Captures
import CVips
import Runner

/// The `vips.decode` stage: reads a capture's file with libvips into the working image every pixel stage
/// shares, and its metadata.
///
/// The image is shrunk while it loads (JPEG and WebP decode at a reduced scale, so a 20,000-pixel photo never
/// exists in memory at full size) to at most `size` pixels on its long side, never enlarged; EXIF orientation is
/// applied; alpha is flattened onto white; any colour space (grey, 16-bit, CMYK) becomes 8-bit sRGB.
/// Truncated or corrupt data fails the capture with libvips' reason rather than yielding grey pixels.
public struct VipsDecodeStage: Stage {
    public typealias Input = CaptureFile
    public typealias Output = DecodedCapture

    /// The long side of the working image, in pixels.
    public let size: Int

    public init(size: Int = 1600) throws(DecodeError) {
        do { try VipsRuntime.start() } catch { throw .libraryUnavailable(reason: error.message) }
        self.size = size
    }

    public func process(_ input: CaptureFile, context: StageContext) async throws -> DecodedCapture {
        try decode(input)
    }

    /// Decodes one file: header first (size, orientation, EXIF, without decoding pixels), then the pixels.
    /// The file is opened by its real bytes (`CaptureFile.location`); one that is no longer a regular file (a FIFO
    /// put in its place since it was listed) fails without being opened.
    public func decode(_ file: CaptureFile) throws(DecodeError) -> DecodedCapture {
        let named = VipsFileName(file)
        if case .skipped(let reason) = FolderEntryKind.inspect(file.location) {
            throw .unreadable(path: file.path, reason: reason)
        }
        guard let opened = file.location.withCString(pool_vips_open_header) else {
            throw .unreadable(path: file.path, reason: named.takeError())
        }
        let metadata = ImageHeader(reading: VipsImageHandle(owning: opened, file: named.inMessages)).metadata(for: file)
        do {
            let image = try workingImage(of: named)
            VipsRuntime.discardErrors()
            return DecodedCapture(file: file, image: image, metadata: metadata)
        } catch {
            throw .corrupt(path: file.path, reason: named.withShownPath(error.message))
        }
    }

    /// The oriented, shrunk, 8-bit sRGB image of the file at `path`.
    func workingImage(path: String) throws(VipsFailure) -> RGBImage {
        try workingImage(of: VipsFileName(location: FileSystemPath(path), shown: path))
    }

    /// The oriented, shrunk, 8-bit sRGB image of a file.
    private func workingImage(of named: VipsFileName) throws(VipsFailure) -> RGBImage {
        var output: UnsafeMutablePointer<VipsImage>?
        let status = named.location.withCString { pool_vips_thumbnail($0, Int32(clamping: size), &output) }
        guard status == 0, let output else {
            throw VipsFailure(message: named.takeError())
        }
        let image = try Self.rgb8(VipsImageHandle(owning: output, file: named.inMessages))
        return RGBImage(width: image.width, height: image.height, pixels: try image.bytes())
    }

    /// Converts any image libvips loads into three 8-bit sRGB bands.
    static func rgb8(_ loaded: VipsImageHandle) throws(VipsFailure) -> VipsImageHandle {
        var image = loaded
        if image.hasAlpha {
            let white: Double = image.format == VIPS_FORMAT_USHORT ? 65535 : 255
            image = try image.apply { pool_vips_flatten($0, $1, white) }
        }
        if image.interpretation != VIPS_INTERPRETATION_sRGB, vips_colourspace_issupported(image.pointer) != 0 {
            image = try image.apply { pool_vips_colourspace($0, $1, VIPS_INTERPRETATION_sRGB) }
        }
        if image.format != VIPS_FORMAT_UCHAR {
            image = try image.apply { pool_vips_cast_uchar($0, $1) }
        }
        if image.bands < 3 {
            let grey = image.bands == 1 ? image : try image.apply { pool_vips_extract_bands($0, $1, 0, 1) }
            image = try grey.apply { pool_vips_grey_to_rgb($0, $1) }
        } else if image.bands > 3 {
            image = try image.apply { pool_vips_extract_bands($0, $1, 0, 3) }
        }
        return image
    }
}
