/// The most a capture's header may claim before `vips.decode` refuses it without decoding a pixel.
///
/// Defaults: 300 megapixels (a 200-megapixel phone photo, 16320x12240, passes); 65,535 pixels a side (JPEG's own
/// maximum; libvips' row buffers cost about 1.2 KB per pixel of width when a PNG or TIFF shrinks, so about 80 MB at
/// this width, 1.2 GB at a million); 1200 MB for a format decoded as one whole frame (a 200-megapixel HEIF needs
/// about 1150 MB, a 144-megapixel GIF 1100 MB). See benchmarks/memory/README.md for the measurements.
public struct DecodeLimits: Sendable, Equatable {
    /// The most pixels one page may claim.
    public var maxPixels: Int
    /// The longest side one page may claim, in pixels.
    public var maxSide: Int
    /// The most memory, in bytes, a whole-frame decode (HEIF, GIF) may need by the header's estimate.
    public var maxWholeFrameBytes: Int

    public static let standard = DecodeLimits(maxPixels: 300_000_000, maxSide: 65_535, maxWholeFrameBytes: 1200 << 20)

    public init(maxPixels: Int, maxSide: Int, maxWholeFrameBytes: Int) {
        self.maxPixels = maxPixels
        self.maxSide = maxSide
        self.maxWholeFrameBytes = maxWholeFrameBytes
    }

    /// The first limit `claim` breaks, or nil when it may be decoded. Pure: reads nothing but the claim.
    public func violation(by claim: ClaimedSize) -> LimitViolation? {
        if claim.pixels > maxPixels { return .pixels(limit: maxPixels) }
        if claim.width > maxSide { return .side(name: "width", length: claim.width, limit: maxSide) }
        if claim.height > maxSide { return .side(name: "height", length: claim.height, limit: maxSide) }
        if let perPixel = claim.wholeFrameBytesPerPixel, claim.pixels * perPixel > maxWholeFrameBytes {
            return .wholeFrame(bytes: claim.pixels * perPixel, limit: maxWholeFrameBytes)
        }
        return nil
    }
}
