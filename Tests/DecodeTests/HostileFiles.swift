import Captures
import CVips
import Foundation
import TestSupport
@testable import DecodeStages

/// Hostile inputs for decode tests, written byte by byte (headers that claim huge sizes) or with libvips
/// (animations and multi-page files), into a `TestImages` folder.
extension TestImages {
    /// A PNG of a few dozen bytes whose header claims `width` x `height` RGBA pixels, with 1000 zero bytes of data.
    @discardableResult
    func pngBomb(width: Int, height: Int, as name: String) throws -> CaptureFile {
        try write(PNGBomb.bytes(width: width, height: height), as: name)
    }

    /// A GIF whose screen and single frame claim `width` x `height` pixels, holding the LZW codes of one pixel.
    @discardableResult
    func gifBomb(width: Int, height: Int, as name: String) throws -> CaptureFile {
        func little(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        var gif = Array("GIF89a".utf8) + little(width) + little(height) + [0x80, 0, 0, 0, 0, 0, 255, 255, 255]
        gif += [0x2C] + little(0) + little(0) + little(width) + little(height) + [0]
        // Minimum code size 2; 3-bit codes clear (4), 0, end (5), least significant bit first.
        gif += [2, 2, 0x44, 0x01, 0, 0x3B]
        return try write(gif, as: name)
    }

    /// An image of `pages` pages of `width` x `height`, saved by libvips as an animated GIF or a multi-page TIFF.
    @discardableResult
    func paged(pages: Int, width: Int, height: Int, as name: String, format: Format) throws -> CaptureFile {
        let tall = try image(width: width, height: height * pages, bands: 3) { x, y in
            [UInt8((y / height) % 256), UInt8(x % 256), 128]
        }
        let copy = try tall.apply { pool_vips_copy_as($0, $1, VIPS_INTERPRETATION_sRGB) }
        vips_image_set_int(copy.pointer, "page-height", Int32(height))
        let path = folder + "/" + name
        let status: Int32 = format == .gif ? pool_vips_gifsave(copy.pointer, path) : pool_vips_tiffsave(copy.pointer, path)
        guard status == 0 else { throw VipsFailure(message: VipsRuntime.takeError()) }
        return try file(name)
    }

    /// The first half of the bytes of `file`, written as `name`.
    @discardableResult
    func firstHalf(of file: CaptureFile, as name: String) throws -> CaptureFile {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file.path)))
        return try write(Array(bytes.prefix(bytes.count / 2)), as: name)
    }

    /// A noisy picture (so that every format's data is spread through the file and a cut lands in the pixels).
    func noise(width: Int, height: Int) throws -> VipsImageHandle {
        try image(width: width, height: height, bands: 3) { x, y in
            let value = (x &* 2_654_435_761 ^ y &* 40_503) >> 7
            return [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)]
        }
    }
}
