import CVips

/// What a file's header says it holds, read before any pixel is decoded: its stored size, its pages or frames and
/// its format. The decode limits judge a capture from this alone, so a file claiming terapixels costs a header read.
public struct ClaimedSize: Sendable, Equatable, CustomStringConvertible {
    /// Width and height as stored (before EXIF orientation), of one page or frame.
    public var width: Int
    public var height: Int
    /// Pages (multi-page TIFF, HEIF collections) or frames (animated GIF, WebP); only the first is decoded.
    public var pages: Int
    /// The loader's name without "load" ("jpeg", "png", "heif", "webp", "tiff", "gif").
    public var format: String

    public init(width: Int, height: Int, pages: Int = 1, format: String) {
        self.width = width
        self.height = height
        self.pages = pages
        self.format = format
    }

    init(reading image: VipsImageHandle) {
        let loader = image.string(VIPS_META_LOADER) ?? "unknown"
        self.init(width: image.width, height: image.height, pages: max(1, Int(vips_image_get_n_pages(image.pointer))),
                  format: loader.hasSuffix("load") ? String(loader.dropLast(4)) : loader)
    }

    /// Pixels of one page (libvips caps each side at 10,000,000, so this cannot overflow).
    public var pixels: Int { width * height }

    /// Bytes each pixel costs while the format's library decodes a whole frame at once (libheif holds the frame
    /// and its YUV planes, libnsgif a 4-byte canvas and the frame), or nil for formats libvips streams in rows
    /// (JPEG, PNG, TIFF strips, WebP), whose cost follows the width instead. Measured with `vips thumbnail` on
    /// 48-megapixel files: 5.9 bytes a pixel for HEIF, 7.4 for GIF (benchmarks/memory/README.md).
    public var wholeFrameBytesPerPixel: Int? {
        switch format {
        case "heif": 6
        case "gif": 8
        default: nil
        }
    }

    /// "4000000x4000000 pixels (16 terapixels)".
    public var description: String { "\(width)x\(height) pixels (\(Self.amount(pixels)))" }

    /// A pixel count in words: "16 terapixels", "1.5 megapixels", "640 pixels".
    static func amount(_ pixels: Int) -> String {
        let units: [(Double, String)] = [(1e12, "terapixel"), (1e9, "gigapixel"), (1e6, "megapixel")]
        for (scale, unit) in units where Double(pixels) >= scale {
            let value = (Double(pixels) / scale * 10).rounded() / 10
            let text = value == value.rounded() ? String(Int(value)) : String(value)
            return "\(text) \(unit)\(value == 1 ? "" : "s")"
        }
        return "\(pixels) pixel\(pixels == 1 ? "" : "s")"
    }
}
