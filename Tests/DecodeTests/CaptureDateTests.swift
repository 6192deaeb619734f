import Captures
import CVips
import Foundation
import Testing
import TestSupport
@testable import DecodeStages

/// Where decode finds a capture's date: EXIF, XMP, PNG text, the file name, the file's time, in that order.
@Suite("vips.decode capture dates")
struct CaptureDateTests {
    let images: TestImages
    let harness: StageHarness<VipsDecodeStage>

    init() throws {
        images = try TestImages()
        harness = StageHarness(try VipsDecodeStage())
    }

    func picture() throws -> VipsImageHandle {
        try images.image(width: 32, height: 24, bands: 3) { x, y in [UInt8(x * 7), UInt8(y * 9), 90] }
    }

    /// Wall-clock time as the machine's zone reads it (decode reads times without a zone in it).
    func local(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute,
                                                  second: second))!
    }

    /// Saves with an XMP packet (libvips writes the "xmp-data" blob into JPEG and PNG files).
    func save(_ name: String, format: TestImages.Format, xmp: String? = nil, fields: [String: String] = [:])
        throws -> CaptureFile {
        let image = try picture()
        if let xmp {
            let bytes = Array(xmp.utf8)
            bytes.withUnsafeBytes { vips_image_set_blob_copy(image.pointer, "xmp-data", $0.baseAddress, $0.count) }
        }
        return try images.save(image, as: name, format: format, exif: fields)
    }

    static func packet(_ attributes: String) -> String {
        """
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
        <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" \
        xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" \(attributes)/></rdf:RDF></x:xmpmeta>
        """
    }

    @Test("EXIF DateTimeOriginal with OffsetTime (no OffsetTimeOriginal) is read in that offset")
    func exifOffsetTime() async throws {
        let file = try save("IMG_0001.jpg", format: .jpeg, fields: [
            "exif-ifd2-DateTimeOriginal": "2026:01:07 09:13:28", "exif-ifd2-OffsetTime": "-05:00"])
        let metadata = try await harness.process(file).metadata
        #expect(metadata.dateSource == .exif)
        #expect(metadata.date == ISO8601DateFormatter().date(from: "2026-01-07T14:13:28Z"))
    }

    /// A PNG with `chunks` (type, data) inserted after its header chunk: libvips 8.14 reads eXIf and tEXt
    /// chunks but its PNG writer does not write them, so the tests add them by hand.
    func png(_ name: String, chunks: [(String, [UInt8])]) throws -> CaptureFile {
        let plain = try save("plain-" + name, format: .png)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: plain.path)))
        let headerEnd = 8 + 8 + 13 + 4       // signature, IHDR length and type, IHDR data, CRC
        var inserted: [UInt8] = []
        for (type, data) in chunks {
            let length = UInt32(data.count)
            inserted += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) }
            let body = Array(type.utf8) + data
            let crc = Self.crc32(body)
            inserted += body + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) }
        }
        bytes.insert(contentsOf: inserted, at: headerEnd)
        return try images.write(bytes, as: name)
    }

    /// The CRC-32 PNG chunks carry (ISO 3309, reflected, polynomial 0xEDB88320).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// EXIF (a TIFF structure) as libvips writes it into a JPEG, without the "Exif\0\0" prefix: an eXIf
    /// chunk's content.
    func exifBytes(_ fields: [String: String]) throws -> [UInt8] {
        let jpeg = try save("exif-source.jpg", format: .jpeg, fields: fields)
        let header = try VipsDecodeStage().openHeader(jpeg)
        let blob = try #require(header.blob("exif-data"))
        return Array(blob.starts(with: Array("Exif\0\0".utf8)) ? blob.dropFirst(6) : blob[...])
    }

    @Test("EXIF in a PNG (eXIf chunk) is EXIF")
    func pngExif() async throws {
        let exif = try exifBytes(["exif-ifd2-DateTimeOriginal": "2026:01:07 09:13:28",
                                  "exif-ifd2-OffsetTimeOriginal": "+01:00"])
        let file = try png("export.png", chunks: [("eXIf", exif)])
        let metadata = try await harness.process(file).metadata
        #expect(metadata.dateSource == .exif)
        #expect(metadata.date == ISO8601DateFormatter().date(from: "2026-01-07T08:13:28Z"))
    }

    @Test("XMP xmp:CreateDate when there is no EXIF date; it wins over the file name")
    func xmp() async throws {
        let file = try save("Screenshot_20250101-000000.jpg", format: .jpeg,
                            xmp: Self.packet(#"xmp:CreateDate="2026-01-07T09:13:28+01:00""#))
        let metadata = try await harness.process(file).metadata
        #expect(metadata.dateSource == .xmp)
        #expect(metadata.date == ISO8601DateFormatter().date(from: "2026-01-07T08:13:28Z"))
    }

    @Test("a PNG text chunk \"Creation Time\" when there is no EXIF or XMP date")
    func pngCreationTime() async throws {
        let file = try png("drawing.png", chunks: [("tEXt", Array("Creation Time\u{0}2026:01:07 09:13:28".utf8))])
        let metadata = try await harness.process(file).metadata
        #expect(metadata.dateSource == .png)
        #expect(metadata.date == local(2026, 1, 7, 9, 13, 28))
    }

    @Test("the file name when the file holds no date", arguments: [
        ("Screenshot_20260107-091328.png", CaptureMetadata.DateSource.fileName, [2026, 1, 7, 9, 13, 28]),
        ("Screenshot 2026-01-07 at 09.13.28.png", .fileName, [2026, 1, 7, 9, 13, 28]),
        ("PXL_20260107_091328123.jpg", .fileName, [2026, 1, 7, 9, 13, 28]),
        ("IMG-20260107-WA0001.jpg", .fileNameDay, [2026, 1, 7, 0, 0, 0]),
    ])
    func fileName(_ name: String, _ source: CaptureMetadata.DateSource, _ parts: [Int]) async throws {
        let format: TestImages.Format = name.hasSuffix(".png") ? .png : .jpeg
        let metadata = try await harness.process(try save(name, format: format)).metadata
        #expect(metadata.dateSource == source)
        let expected = local(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5])
        #expect(abs(metadata.date.timeIntervalSince(expected)) < 1)
    }

    @Test("EXIF wins over the file name")
    func exifFirst() async throws {
        let file = try save("Screenshot_20260107-091328.jpg", format: .jpeg, fields: [
            "exif-ifd2-DateTimeOriginal": "2023:07:14 10:22:33", "exif-ifd2-OffsetTimeOriginal": "+00:00"])
        let metadata = try await harness.process(file).metadata
        #expect(metadata.dateSource == .exif)
        #expect(metadata.date == ISO8601DateFormatter().date(from: "2023-07-14T10:22:33Z"))
    }

    @Test("an impossible date in the name, or none, falls back to the file's time")
    func fileTime() async throws {
        for name in ["Screenshot_20260230-091328.png", "Call_+4915120260107091328.png"] {
            let file = try save(name, format: .png)
            let metadata = try await harness.process(file).metadata
            #expect(metadata.dateSource == .file, "\(name)")
            #expect(metadata.date == file.modified)
        }
    }
}
