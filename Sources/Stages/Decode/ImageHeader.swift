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
        latitude = image.string("exif-ifd3-GPSLatitude")
        latitudeRef = image.string("exif-ifd3-GPSLatitudeRef")
        longitude = image.string("exif-ifd3-GPSLongitude")
        longitudeRef = image.string("exif-ifd3-GPSLongitudeRef")
        make = image.string("exif-ifd0-Make").map(ExifValue.raw).flatMap { $0.isEmpty ? nil : $0 }
        model = image.string("exif-ifd0-Model").map(ExifValue.raw).flatMap { $0.isEmpty ? nil : $0 }
        userComment = image.string("exif-ifd2-UserComment").map(ExifValue.raw)
    }

    /// Capture metadata for `file`: EXIF date else the file's time, GPS when both coordinates parse.
    func metadata(for file: CaptureFile) -> CaptureMetadata {
        let exifDate = dateTimeOriginal.flatMap { ExifValue.date(original: $0, offset: offsetTimeOriginal) }
        var location: GeoPoint?
        if let latitude, let longitude,
           let lat = ExifValue.degrees(latitude, reference: latitudeRef, limit: 90),
           let lon = ExifValue.degrees(longitude, reference: longitudeRef, limit: 180) {
            location = GeoPoint(latitude: lat, longitude: lon)
        }
        let fileName = (file.path as NSString).lastPathComponent
        let kind = CaptureKindRule.kind(fileName: fileName, format: format,
                                        hasCameraEXIF: make != nil || model != nil, userComment: userComment)
        return CaptureMetadata(date: exifDate ?? file.modified, dateSource: exifDate == nil ? .file : .exif,
                               location: location, pixelWidth: orientedWidth, pixelHeight: orientedHeight,
                               kind: kind, format: format)
    }
}
