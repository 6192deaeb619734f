import Foundation

/// Reads the capture time from an XMP packet (the XML that JPEG, PNG, WebP, TIFF and HEIF files may carry), in
/// the order that names the capture itself best: `exif:DateTimeOriginal`, then `xmp:CreateDate`, then
/// `photoshop:DateCreated`. Each may be written as an attribute (`xmp:CreateDate="..."`) or as an element
/// (`<xmp:CreateDate>...</xmp:CreateDate>`). A property whose value is not a complete timestamp (a day alone)
/// is skipped for the next.
///
/// The packet is searched as text rather than parsed as RDF: the properties are plain values, and a damaged
/// packet (common in edited files) still gives its dates.
public enum XMPDates {
    /// The properties read, in order.
    public static let properties = ["exif:DateTimeOriginal", "xmp:CreateDate", "photoshop:DateCreated"]

    /// The capture time in `packet`, and the property it came from.
    public static func captureDate(in packet: String, zone: TimeZone = .current) -> (date: Date, property: String)? {
        for property in properties {
            for value in values(of: property, in: packet) {
                if let date = TimestampText.date(value, zone: zone) { return (date, property) }
            }
        }
        return nil
    }

    /// Every value written for `property`, attributes first.
    static func values(of property: String, in packet: String) -> [String] {
        let name = NSRegularExpression.escapedPattern(for: property)
        let patterns = [#"(?<![\w:])"# + name + #"\s*=\s*"([^"]*)""#,
                        #"(?<![\w:])"# + name + #"\s*=\s*'([^']*)'"#,
                        "<" + name + #"(?:\s[^>]*)?>([^<]*)</"# + name + ">"]
        var found: [String] = []
        for pattern in patterns {
            guard let expression = try? NSRegularExpression(pattern: pattern) else { continue }
            for match in expression.matches(in: packet, range: NSRange(packet.startIndex..., in: packet)) {
                if let range = Range(match.range(at: 1), in: packet) { found.append(String(packet[range])) }
            }
        }
        return found
    }
}
