import Captures
import CVips
import Runner

/// The `vips.decode` stage: reads a capture's file with libvips into the working image every pixel stage
/// shares, and its metadata.
///
/// The image is shrunk while it loads (JPEG and WebP decode at a reduced scale, so a 20,000-pixel photo never
/// exists in memory at full size) to at most `size` pixels on its long side, never enlarged; EXIF orientation is
/// applied; alpha is flattened onto white; any colour space (grey, 16-bit, CMYK) becomes 8-bit sRGB.
/// Truncated or corrupt data fails the capture with libvips' reason rather than yielding grey pixels (`failOn`).
///
/// Before any pixel is read, the header's claim is held against `limits` (pixels, side, whole-frame memory): a file
/// whose header claims terapixels is refused at the cost of a header read. Only the first page or frame of a
/// multi-page TIFF or an animated GIF is decoded, so the page count costs nothing.
public struct VipsDecodeStage: Stage {
    public typealias Input = CaptureFile
    public typealias Output = DecodedCapture

    /// The long side of the working image, in pixels.
    public let size: Int

    /// What a header may claim before the capture is refused undecoded.
    public let limits: DecodeLimits
    /// Which damage fails a decode.
    public let failOn: DecodeFailLevel

    public init(size: Int = 1600, limits: DecodeLimits = .standard, failOn: DecodeFailLevel = .error) throws(DecodeError) {
        do { try VipsRuntime.start() } catch { throw .libraryUnavailable(reason: error.message) }
        self.size = size
        self.limits = limits
        self.failOn = failOn
    }

    public func process(_ input: CaptureFile, context: StageContext) async throws -> DecodedCapture {
        try decode(input)
    }

    /// Decodes one file: header first (size, orientation, EXIF, without decoding pixels), checked against the
    /// limits, then the pixels. The file is opened by its real bytes (`CaptureFile.location`); one that is no longer
    /// a regular file (a FIFO put in its place since it was listed) fails without being opened.
    ///
    /// libvips keeps one error buffer for the whole process, so a decode that fails beside others may find its
    /// reason mixed with their lines, or emptied by one that succeeded (`VipsRuntime.discardErrors`). A failed
    /// decode is therefore tried once more alone, with the buffer empty, and that attempt's outcome stands: a
    /// capture fails with the same reason whether it was decoded alone or among many.
    public func decode(_ file: CaptureFile) throws(DecodeError) -> DecodedCapture {
        do {
            return try Self.errorBufferGate.shared { () throws(DecodeError) in try decodeOnce(file) }
        } catch {
            return try Self.errorBufferGate.exclusive { () throws(DecodeError) in
                VipsRuntime.discardErrors()
                return try decodeOnce(file)
            }
        }
    }

    /// Decodes share libvips' error buffer: together while they succeed, alone when one failed.
    private static let errorBufferGate = SharedExclusiveGate()

    private func decodeOnce(_ file: CaptureFile) throws(DecodeError) -> DecodedCapture {
        let named = VipsFileName(file)
        let header = try openHeader(file)
        let claim = ClaimedSize(reading: header)
        if let violation = limits.violation(by: claim) {
            throw .overLimit(path: file.path, claim: claim, violation: violation)
        }
        let metadata = ImageHeader(reading: header).metadata(for: file)
        do {
            let image = try workingImage(of: named, header: header)
            VipsRuntime.discardErrors()
            return DecodedCapture(file: file, image: image, metadata: metadata)
        } catch {
            throw .corrupt(path: file.path, reason: named.withShownPath(error.message))
        }
    }

    /// What the file's header claims, read without decoding a pixel.
    public func claimedSize(of file: CaptureFile) throws(DecodeError) -> ClaimedSize {
        ClaimedSize(reading: try openHeader(file))
    }

    /// The file opened for its header only (libvips reads pixels when something asks for them).
    func openHeader(_ file: CaptureFile) throws(DecodeError) -> VipsImageHandle {
        let named = VipsFileName(file)
        if case .skipped(let reason) = FolderEntryKind.inspect(file.location) {
            throw .unreadable(path: file.path, reason: reason)
        }
        guard let opened = file.location.withCString(pool_vips_open_header) else {
            let reason = named.takeError()
            // A blocked loader (magickload, pdfload...) is what libvips picks when no allowed loader recognises
            // the content, such as a TIFF cut before its directory.
            guard let blocked = reason.range(of: "load: operation is blocked") else {
                throw .unreadable(path: file.path, reason: reason)
            }
            let loader = reason[..<blocked.lowerBound].split(separator: " ").last.map(String.init) ?? "another"
            throw .unreadable(path: file.path, reason: "not a readable JPEG, PNG, WebP, TIFF, GIF or HEIF file "
                + "(libvips would need its \(loader) loader, which vips.decode does not use)")
        }
        return VipsImageHandle(owning: opened, file: named.inMessages)
    }

    /// The oriented, shrunk, 8-bit sRGB image of the file at `path`.
    func workingImage(path: String) throws(VipsFailure) -> RGBImage {
        try workingImage(of: VipsFileName(location: FileSystemPath(path), shown: path))
    }

    /// The oriented, shrunk, 8-bit sRGB image of a file: `LanczosThumbnail` for plain JPEG and PNG files (the
    /// same bytes as `vips_thumbnail`, faster), `vips_thumbnail` itself for everything else. `header` is the file
    /// already opened for its header, when the caller has it (one header read less).
    private func workingImage(of named: VipsFileName, header: VipsImageHandle? = nil) throws(VipsFailure) -> RGBImage {
        if let image = LanczosThumbnail.image(path: named.location, size: size, failOn: failOn.vips, header: header) {
            return image
        }
        return try thumbnailImage(of: named)
    }

    /// The working image made by `vips_thumbnail` alone (what `LanczosThumbnail`'s bytes are held against).
    func thumbnailImage(path: String) throws(VipsFailure) -> RGBImage {
        try thumbnailImage(of: VipsFileName(location: FileSystemPath(path), shown: path))
    }

    private func thumbnailImage(of named: VipsFileName) throws(VipsFailure) -> RGBImage {
        var output: UnsafeMutablePointer<VipsImage>?
        let status = named.location.withCString { pool_vips_thumbnail($0, Int32(clamping: size), failOn.vips, &output) }
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
