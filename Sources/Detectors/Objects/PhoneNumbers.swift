import Foundation

/// Phone numbers, validated against a documented subset of numbering plans (not libphonenumber: country code,
/// national significant number lengths and leading digits for the countries below) and written in E.164. An
/// international number (`+` or `00`) is checked against its country; a national number only when the region is
/// known (`region`), or North American numbers written `(415) 555-0132`.
public enum PhoneNumbers {
    /// A country's plan: calling code, the lengths of its national significant numbers, digits they may not start with.
    struct Plan {
        var region: String
        var code: String
        var lengths: ClosedRange<Int>
        var nationalPrefix: String
    }

    static let plans: [Plan] = [
        Plan(region: "US", code: "1", lengths: 10...10, nationalPrefix: "1"),
        Plan(region: "GB", code: "44", lengths: 9...10, nationalPrefix: "0"),
        Plan(region: "DE", code: "49", lengths: 6...13, nationalPrefix: "0"),
        Plan(region: "FR", code: "33", lengths: 9...9, nationalPrefix: "0"),
        Plan(region: "ES", code: "34", lengths: 9...9, nationalPrefix: ""),
        Plan(region: "IT", code: "39", lengths: 6...11, nationalPrefix: ""),
        Plan(region: "NL", code: "31", lengths: 9...9, nationalPrefix: "0"),
        Plan(region: "CH", code: "41", lengths: 9...9, nationalPrefix: "0"),
        Plan(region: "AT", code: "43", lengths: 7...13, nationalPrefix: "0"),
        Plan(region: "BE", code: "32", lengths: 8...9, nationalPrefix: "0"),
        Plan(region: "SE", code: "46", lengths: 7...9, nationalPrefix: "0"),
        Plan(region: "JP", code: "81", lengths: 9...10, nationalPrefix: "0"),
        Plan(region: "AU", code: "61", lengths: 9...9, nationalPrefix: "0"),
        Plan(region: "IN", code: "91", lengths: 10...10, nationalPrefix: "0"),
        Plan(region: "BR", code: "55", lengths: 10...11, nationalPrefix: "0"),
        Plan(region: "PL", code: "48", lengths: 9...9, nationalPrefix: ""),
        Plan(region: "IE", code: "353", lengths: 7...9, nationalPrefix: "0"),
        Plan(region: "PT", code: "351", lengths: 9...9, nationalPrefix: ""),
    ]

    static let international = try! NSRegularExpression(pattern: #"(?<![\w+])(?:\+|00)(\d[\d ()./-]{6,20}\d)"#)
    static let northAmerican = try! NSRegularExpression(pattern: #"(?<!\d)\(?([2-9]\d{2})\)?[ .-]?([2-9]\d{2})[ .-](\d{4})(?!\d)"#)
    static let national = try! NSRegularExpression(pattern: #"(?<![\w+])0\d[\d ()./-]{5,15}\d(?!\d)"#)

    /// The phone numbers in `text`, as E.164, without repeats.
    public static func numbers(in text: String, region: String? = nil) -> [DetectedObject] {
        var found: [DetectedObject] = []
        let range = NSRange(text.startIndex..., in: text)
        var covered: [NSRange] = []
        for match in international.matches(in: text, range: range) {
            let digits = (text as NSString).substring(with: match.range(at: 1)).filter(\.isNumber)
            guard let plan = plans.first(where: { digits.hasPrefix($0.code) && $0.lengths.contains(digits.count - $0.code.count) }),
                  digits.dropFirst(plan.code.count).first != "0" else { continue }
            covered.append(match.range)
            found.append(DetectedObject(kind: "phone", value: "+" + digits, fields: ["region": plan.region]))
        }
        for match in northAmerican.matches(in: text, range: range)
        where !covered.contains(where: { NSIntersectionRange($0, match.range).length > 0 }) {
            let raw = (text as NSString).substring(with: match.range)
            guard raw.contains("(") || raw.contains("-") || raw.contains("."), region == nil || region == "US" else { continue }
            covered.append(match.range)
            found.append(DetectedObject(kind: "phone", value: "+1" + raw.filter(\.isNumber), fields: ["region": "US"]))
        }
        if let region, let plan = plans.first(where: { $0.region == region }), !plan.nationalPrefix.isEmpty {
            for match in national.matches(in: text, range: range)
            where !covered.contains(where: { NSIntersectionRange($0, match.range).length > 0 }) {
                let digits = (text as NSString).substring(with: match.range).filter(\.isNumber).dropFirst(plan.nationalPrefix.count)
                guard plan.lengths.contains(digits.count) else { continue }
                found.append(DetectedObject(kind: "phone", value: "+" + plan.code + digits, fields: ["region": region]))
            }
        }
        var seen = Set<String>()
        return found.filter { seen.insert($0.value).inserted }
    }
}
