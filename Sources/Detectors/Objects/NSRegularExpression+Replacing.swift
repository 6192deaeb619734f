import Foundation

extension NSRegularExpression {
    /// `text` with every match replaced by what `replacement` makes of its groups (group 0 the whole match, an
    /// unmatched group ""); a match for which it returns nil is kept as it is. The OCR repairs of links and amounts
    /// are written with it.
    func replacingMatches(in text: String, _ replacement: ([String]) -> String?) -> String {
        let ns = text as NSString
        var out = "", last = 0
        for match in matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let groups = (0..<match.numberOfRanges).map {
                match.range(at: $0).location == NSNotFound ? "" : ns.substring(with: match.range(at: $0))
            }
            guard let replaced = replacement(groups) else { continue }
            out += ns.substring(with: NSRange(location: last, length: match.range.location - last)) + replaced
            last = match.range.location + match.range.length
        }
        return out + ns.substring(from: last)
    }
}
