import Foundation

/// Links (with and without a scheme) and e-mail addresses, normalised: scheme and host lower case, `https://`
/// added to a bare host, trailing punctuation dropped, tracking parameters (`utm_*`, `fbclid`, `gclid`) removed.
public enum Links {
    static let topLevel = ["com", "org", "net", "io", "dev", "app", "co", "de", "fr", "uk", "es", "it", "nl", "eu",
                           "ch", "at", "be", "se", "no", "dk", "fi", "pl", "pt", "jp", "cn", "in", "us", "ca", "au",
                           "me", "tv", "ly", "gl", "gg", "ai", "info", "shop", "store", "blog", "news", "edu", "gov"]
    static let withScheme = try! NSRegularExpression(pattern: #"(?i)\bhttps?://[^\s<>"'`]+"#)
    static let bare = try! NSRegularExpression(
        pattern: #"(?i)(?<![@\w./-])(?:www\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,12})(?::\d{2,5})?(?:[/?#][^\s<>"'`]*)?"#)
    static let email = try! NSRegularExpression(pattern: #"(?i)\b[a-z0-9._%+-]+@(?:[a-z0-9-]+\.)+[a-z]{2,24}\b"#)
    /// An address whose domain has no dot yet, then a dot with a space around it and a lower-case top-level domain
    /// that ends the word (`Write to me at ana.b@example. com`, seed 8591 through OCR): only one reading makes it an
    /// address. A domain that already has its dot (`ana@example.com. it was`) is a whole address before a sentence.
    static let spacedEmailDot = try! NSRegularExpression(
        pattern: #"(?i)(\b[a-z0-9._%+-]+@[a-z0-9-]+)(?: \. ?|\. )([a-z]{2,12})(?![\w.@-])"#)

    /// The links in `text`, normalised, in order of appearance, without repeats; a query may follow the host
    /// directly (`travel.eu?id=1545`), and the recogniser's slips are read back (`Links+OCRRepair`).
    public static func links(in text: String) -> [DetectedObject] {
        links(inRepaired: textRepaired(text))
    }

    /// The links in `text` as it is (`links(in:)` reads the recogniser's slips back first).
    static func links(inRepaired text: String) -> [DetectedObject] {
        var found: [DetectedObject] = []
        var covered: [NSRange] = []
        let range = NSRange(text.startIndex..., in: text)
        let emails = email.matches(in: text, range: range).map(\.range)
        for match in withScheme.matches(in: text, range: range) {
            covered.append(match.range)
            if let link = normalise((text as NSString).substring(with: match.range)) { found.append(link) }
        }
        for match in bare.matches(in: text, range: range) {
            guard !covered.contains(where: { NSIntersectionRange($0, match.range).length > 0 }),
                  !emails.contains(where: { NSIntersectionRange($0, match.range).length > 0 }) else { continue }
            let tld = (text as NSString).substring(with: match.range(at: 1)).lowercased()
            guard topLevel.contains(tld) else { continue }
            let raw = (text as NSString).substring(with: match.range)
            if raw.split(separator: ".").count < 2 || raw.first?.isNumber == true && !raw.contains("/") { continue }
            if let link = normalise("https://" + raw) { found.append(link) }
        }
        var seen = Set<String>()
        return found.filter { seen.insert($0.value).inserted }
    }

    /// A link normalised, or nil when it has no host.
    public static func normalise(_ raw: String) -> DetectedObject? {
        var text = raw
        while let last = text.last, ".,;:!?)]}'\"".contains(last) {
            if last == ")" && text.contains("(") { break }
            text.removeLast()
        }
        guard var components = URLComponents(string: text), let host = components.host, host.contains(".") else {
            return nil
        }
        components.scheme = components.scheme?.lowercased()
        components.host = host.lowercased()
        if (components.scheme == "https" && components.port == 443) || (components.scheme == "http" && components.port == 80) {
            components.port = nil
        }
        if let items = components.queryItems {
            let kept = items.filter { !$0.name.lowercased().hasPrefix("utm_") && !["fbclid", "gclid"].contains($0.name.lowercased()) }
            components.queryItems = kept.isEmpty ? nil : kept
        }
        if components.path.isEmpty { components.path = "/" }
        guard let url = components.string else { return nil }
        return DetectedObject(kind: "link", value: url, fields: ["host": host.lowercased()])
    }

    /// The e-mail addresses in `text`, domain lower case; a space the recogniser read after the dot before the
    /// top-level domain is dropped (`ana.b@example. com`, see `spacedEmailDot`).
    public static func emails(in text: String) -> [DetectedObject] {
        var text = text
        if text.contains("@") && (text.contains(". ") || text.contains(" .")) {
            text = spacedEmailDot.replacingMatches(in: text) { groups in
                topLevel.contains(groups[2]) ? groups[1] + "." + groups[2] : nil
            }
        }
        let range = NSRange(text.startIndex..., in: text)
        var seen = Set<String>()
        return email.matches(in: text, range: range).compactMap { match in
            let raw = (text as NSString).substring(with: match.range)
            guard let at = raw.lastIndex(of: "@") else { return nil }
            let value = raw[..<at] + "@" + raw[raw.index(after: at)...].lowercased()
            guard seen.insert(value).inserted else { return nil }
            return DetectedObject(kind: "email", value: value, fields: ["domain": raw[raw.index(after: at)...].lowercased()])
        }
    }
}
