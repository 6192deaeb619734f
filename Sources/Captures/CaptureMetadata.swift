import Foundation

/// What decode learns about a capture besides its pixels.
public struct CaptureMetadata: Sendable, Equatable {
    /// Whether a capture is a screenshot (made on a screen) or a photo (made by a camera).
    public enum Kind: String, Sendable, Codable {
        case screenshot
        case photo
    }

    /// Where `date` came from, in the order decode looks: the capture's own records first, the file's time last.
    public enum DateSource: String, Sendable, Codable, CaseIterable {
        /// EXIF DateTimeOriginal (with OffsetTimeOriginal, else OffsetTime), in any container: JPEG, HEIF, TIFF,
        /// WebP, or a PNG's eXIf chunk.
        case exif
        /// XMP: exif:DateTimeOriginal, xmp:CreateDate or photoshop:DateCreated.
        case xmp
        /// A PNG text chunk "Creation Time".
        case png
        /// A time to the second read from the file name (`Screenshot_20260107-091328.png`).
        case fileName
        /// A day only, read from the file name (`IMG-20260107-WA0001.jpg`); the time is midnight.
        case fileNameDay
        /// The file's modification time: says when the file was last written (or copied), not when the
        /// picture was taken.
        case file

        /// Whether the date says when the capture itself was taken, to the second: what moments need (two
        /// copies made at once share a file time, and two pictures received one day share a day).
        public var isCaptureTime: Bool {
            switch self {
            case .exif, .xmp, .png, .fileName: return true
            case .fileNameDay, .file: return false
            }
        }
    }

    public var date: Date
    public var dateSource: DateSource
    public var location: GeoPoint?
    /// The size of the full image, after EXIF orientation.
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var kind: Kind
    /// The file format as libvips names its loader ("jpeg", "png", "heif", ...).
    public var format: String

    public init(date: Date, dateSource: DateSource, location: GeoPoint?, pixelWidth: Int, pixelHeight: Int,
                kind: Kind, format: String) {
        self.date = date
        self.dateSource = dateSource
        self.location = location
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.kind = kind
        self.format = format
    }
}

/// A point on Earth, in decimal degrees (WGS 84, as EXIF GPS gives it).
public struct GeoPoint: Sendable, Equatable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
