import CaptureDates
import Captures
import CVips
import Foundation

/// What the header of an image file says, read without decoding its pixels: the full size after EXIF
/// orientation, the loader, and the EXIF fields the capture metadata needs.
struct ImageHeader {
    var orientedWidth: Int
    var orientedHeight: Int
    /// The loader's name without "load" ("jpeg", "png", "heif", "webp", "tiff", "gif").
    var format: String
    var dateTimeOriginal: String?
    var offsetTimeOriginal: String?
    /// EXIF OffsetTime (the zone of DateTime), used when OffsetTimeOriginal is missing.
    var offsetTime: String?
    /// The XMP packet, as text.
    var xmp: String?
    /// The values of PNG text chunks named "Creation Time" (libvips names them "png-comment-N-Creation Time").
    var pngCreationTimes: [String] = []
    var latitude: String?
    var latitudeRef: String?
    var longitude: String?
    var longitudeRef: String?
    var make: String?
    var model: String?
    var userComment: String?

    init(reading image: VipsImageHandle) {
        let swap = image.orientationSwapsSides
        orientedWidth = swap ? image.height : image.width
        orientedHeight = swap ? image.width : image.height
        let loader = image.string(VIPS_META_LOADER) ?? "unknown"
        format = loader.hasSuffix("load") ? String(loader.dropLast(4)) : loader
        dateTimeOriginal = image.string("exif-ifd2-DateTimeOriginal")
        offsetTimeOriginal = image.string("exif-ifd2-OffsetTimeOriginal")
        offsetTime = image.string("exif-ifd2-OffsetTime")
        xmp = image.blob("xmp-data").map { String(decoding: $0, as: UTF8.self) }
        pngCreationTimes = image.fieldNames()
            .filter { $0.hasPrefix("png-comment-") && $0.lowercased().hasSuffix("-creation time") }
            .sorted()
            .compactMap { image.string($0) }
        latitude = image.string("exif-ifd3-GPSLatitude")
        latitudeRef = image.string("exif-ifd3-GPSLatitudeRef")
        longitude = image.string("exif-ifd3-GPSLongitude")
        longitudeRef = image.string("exif-ifd3-GPSLongitudeRef")
        make = image.string("exif-ifd0-Make").map(ExifValue.raw).flatMap { $0.isEmpty ? nil : $0 }
        model = image.string("exif-ifd0-Model").map(ExifValue.raw).flatMap { $0.isEmpty ? nil : $0 }
        userComment = image.string("exif-ifd2-UserComment").map(ExifValue.raw)
    }

    /// Capture metadata for `file`: the capture's date (see `captureDate`), GPS when both coordinates parse.
    func metadata(for file: CaptureFile, zone: TimeZone = .current) -> CaptureMetadata {
        let (date, dateSource) = captureDate(for: file, zone: zone)
        var location: GeoPoint?
        if let latitude, let longitude,
           let lat = ExifValue.degrees(latitude, reference: latitudeRef, limit: 90),
           let lon = ExifValue.degrees(longitude, reference: longitudeRef, limit: 180) {
            location = GeoPoint(latitude: lat, longitude: lon)
        }
        let fileName = (file.path as NSString).lastPathComponent
        let kind = CaptureKindRule.kind(fileName: fileName, format: format,
                                        hasCameraEXIF: make != nil || model != nil, userComment: userComment)
        return CaptureMetadata(date: date, dateSource: dateSource,
                               location: location, pixelWidth: orientedWidth, pixelHeight: orientedHeight,
                               kind: kind, format: format)
    }

    /// The capture's own time wherever the file holds it, in this order: EXIF DateTimeOriginal (with
    /// OffsetTimeOriginal, else OffsetTime); XMP; a PNG "Creation Time" text chunk; the file name
    /// (`FileNameDateTable.standard`); and last the file's modification time. Times without a zone are read in
    /// `zone`.
    func captureDate(for file: CaptureFile, zone: TimeZone) -> (Date, CaptureMetadata.DateSource) {
        if let original = dateTimeOriginal,
           let date = ExifValue.date(original: original, offset: offsetTimeOriginal ?? offsetTime,
                                     fallbackZone: zone) {
            return (date, .exif)
        }
        if let xmp, let found = XMPDates.captureDate(in: xmp, zone: zone) { return (found.date, .xmp) }
        for text in pngCreationTimes {
            if let date = TimestampText.date(text, zone: zone) { return (date, .png) }
        }
        let fileName = (file.path as NSString).lastPathComponent
        if let reading = FileNameDateTable.standard.read(fileName, zone: zone) {
            return (reading.date, reading.precision == .day ? .fileNameDay : .fileName)
        }
        return (file.modified, .file)
    }
}
