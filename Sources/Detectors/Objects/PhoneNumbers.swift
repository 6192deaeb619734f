import CPhoneNumbers
import Foundation

/// Phone numbers, found and validated by libphonenumber (Debian's `libphonenumber-dev`, through the
/// `CPhoneNumbers` shim) and written in E.164 with their region. International numbers (`+`, `00`) are found in any
/// text; national ones when the region is known (`region`); a North American number written `(415) 555-0132` is
/// read as one in the US when no region is given.
public enum PhoneNumbers {
    static let northAmerican = try! NSRegularExpression(pattern: #"\(\s?[2-9]\d{2}\s?\)\s?[2-9]\d{2}[ .-]\d{4}(?!\d)"#)

    /// The phone numbers in `text`, as E.164, in order, without repeats.
    public static func numbers(in text: String, region: String? = nil) -> [DetectedObject] {
        var found = find(text, region: region ?? "ZZ")
        if region == nil {
            let ns = text as NSString
            for match in northAmerican.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                found += find(ns.substring(with: match.range), region: "US")
            }
        }
        var seen = Set<String>()
        return found.filter { seen.insert($0.value).inserted }
    }

    /// libphonenumber's matcher over `text` in `region`.
    static func find(_ text: String, region: String) -> [DetectedObject] {
        var capacity = 4096
        while capacity <= 1 << 20 {
            var buffer = [CChar](repeating: 0, count: capacity)
            let count = pool_phone_find(text, region, &buffer, Int32(capacity))
            if count < 0 { capacity *= 4; continue }
            let lines = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return lines.split(separator: "\n").compactMap { line in
                let parts = line.split(separator: " ")
                guard let number = parts.first else { return nil }
                return DetectedObject(kind: "phone", value: String(number),
                                      fields: ["region": parts.count > 1 ? String(parts[1]) : ""])
            }
        }
        return []
    }
}
