import Captures
import CVips
import Foundation
@testable import DecodeStages

/// Writes small image files for tests with libvips, from pixels computed in Swift, into a fresh folder.
final class TestImages {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "decode-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = try VipsDecodeStage()
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// An 8-bit image whose pixel (x, y) has the band values `pixel(x, y)`.
    func image(width: Int, height: Int, bands: Int, interpretation: VipsInterpretation = VIPS_INTERPRETATION_sRGB,
               pixel: (Int, Int) -> [UInt8]) throws -> VipsImageHandle {
        var data = [UInt8](repeating: 0, count: width * height * bands)
        for y in 0..<height {
            for x in 0..<width {
                let values = pixel(x, y)
                for band in 0..<bands { data[(y * width + x) * bands + band] = values[band] }
            }
        }
        return try memoryImage(data, width: width, height: height, bands: bands, format: VIPS_FORMAT_UCHAR,
                               interpretation: interpretation)
    }

    /// A 16-bit image, every pixel `value` in every band.
    func image16(width: Int, height: Int, bands: Int, value: UInt16,
                 interpretation: VipsInterpretation) throws -> VipsImageHandle {
        let data = [UInt16](repeating: value, count: width * height * bands)
        let bytes = data.withUnsafeBytes { Array($0) }
        return try memoryImage(bytes, width: width, height: height, bands: bands, format: VIPS_FORMAT_USHORT,
                               interpretation: interpretation)
    }

    /// A black image made by libvips itself (cheap at any size).
    func black(width: Int, height: Int) throws -> VipsImageHandle {
        var output: UnsafeMutablePointer<VipsImage>?
        guard pool_vips_black(&output, Int32(width), Int32(height), 3) == 0, let output else {
            throw VipsFailure(message: VipsRuntime.takeError())
        }
        return try VipsImageHandle(owning: output).apply { pool_vips_cast_uchar($0, $1) }
            .apply { pool_vips_copy_as($0, $1, VIPS_INTERPRETATION_sRGB) }
    }

    private func memoryImage(_ bytes: [UInt8], width: Int, height: Int, bands: Int, format: VipsBandFormat,
                             interpretation: VipsInterpretation) throws -> VipsImageHandle {
        let pointer = bytes.withUnsafeBytes {
            vips_image_new_from_memory_copy($0.baseAddress, $0.count, Int32(width), Int32(height), Int32(bands), format)
        }
        guard let pointer else { throw VipsFailure(message: VipsRuntime.takeError()) }
        return try VipsImageHandle(owning: pointer).apply { pool_vips_copy_as($0, $1, interpretation) }
    }

    enum Format: Sendable { case jpeg, png, tiff, webp, heif, gif }

    /// Saves `image` as `name` with the given metadata fields ("exif-ifd2-DateTimeOriginal" → value) and
    /// EXIF orientation, and returns the file as a source would hand it to decode.
    @discardableResult
    func save(_ image: VipsImageHandle, as name: String, format: Format, exif: [String: String] = [:],
              orientation: Int? = nil) throws -> CaptureFile {
        let path = folder + "/" + name
        // Metadata is set on a private copy, never on an image another call may share.
        let copy = try image.apply { pool_vips_copy_as($0, $1, vips_image_get_interpretation($0)) }
        for (field, value) in exif { vips_image_set_string(copy.pointer, field, value) }
        if let orientation { vips_image_set_int(copy.pointer, "orientation", Int32(orientation)) }
        let status: Int32 = switch format {
        case .jpeg: pool_vips_jpegsave(copy.pointer, path, 90)
        case .png: pool_vips_pngsave(copy.pointer, path)
        case .tiff: pool_vips_tiffsave(copy.pointer, path)
        case .webp: pool_vips_webpsave(copy.pointer, path)
        case .heif: pool_vips_heifsave(copy.pointer, path)
        case .gif: pool_vips_gifsave(copy.pointer, path)
        }
        guard status == 0 else { throw VipsFailure(message: VipsRuntime.takeError()) }
        return try file(name)
    }

    /// Writes raw bytes as `name`.
    @discardableResult
    func write(_ bytes: [UInt8], as name: String) throws -> CaptureFile {
        let path = folder + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try file(name)
    }

    /// The file at `name` as a `CaptureFile`.
    func file(_ name: String) throws -> CaptureFile {
        let path = folder + "/" + name
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return CaptureFile(id: StableID.capture(source: "test", relativePath: name), source: "test", path: path,
                           relativePath: name, byteCount: (attributes[.size] as? NSNumber)?.int64Value ?? 0,
                           modified: attributes[.modificationDate] as? Date ?? Date(timeIntervalSince1970: 0))
    }
}
