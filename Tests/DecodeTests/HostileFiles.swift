import Captures
import CVips
import Foundation
@testable import DecodeStages

/// Hostile inputs for decode tests, written byte by byte (headers that claim huge sizes) or with libvips
/// (animations and multi-page files), into a `TestImages` folder.
extension TestImages {
    /// A PNG of a few dozen bytes whose header claims `width` x `height` RGBA pixels, with 1000 zero bytes of data.
    @discardableResult
    func pngBomb(width: Int, height: Int, as name: String) throws -> CaptureFile {
        var header = Self.bigEndian(UInt32(width)) + Self.bigEndian(UInt32(height))
        header += [8, 6, 0, 0, 0]
        let zeros = Self.deflate([UInt8](repeating: 0, count: 1000))
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + Self.chunk("IHDR", header) + Self.chunk("IDAT", zeros) + Self.chunk("IEND", [])
        return try write(png, as: name)
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

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(kind.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// CRC-32 as PNG chunks carry it (polynomial 0xEDB88320).
    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A zlib stream of `bytes` in stored (uncompressed) blocks, which is all a PNG's IDAT needs here.
    private static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        let length = UInt16(bytes.count)
        out += [1, UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)] + bytes
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return out + bigEndian(b << 16 | a)
    }
}
