import Foundation

/// What decode learns about a capture besides its pixels.
public struct CaptureMetadata: Sendable, Equatable {
    /// Whether a capture is a screenshot (made on a screen) or a photo (made by a camera).
    public enum Kind: String, Sendable, Codable {
        case screenshot
        case photo
    }

    /// Where `date` came from.
    public enum DateSource: String, Sendable, Codable {
        /// EXIF DateTimeOriginal.
        case exif
        /// The file's modification time.
        case file
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
