import Foundation

/// What the recogniser does to a link, read back where the link's own shape says what was meant: a top-level
/// domain with a look-alike digit (`books.i0/252959`, `example.c0m`), a space read around the dot before it
/// (`events11. fr/post`, `books .io/`), and a link the screen wrapped after a `/` or a `-` (`…/recipe/` then
/// `240262/` on the next line). Each repair needs a known top-level domain, so prose keeps its words.
extension Links {
    /// `text` with those repairs made, for finding links only (the other detectors read the text as it is).
    static func textRepaired(_ text: String) -> String {
        var out = text
        if out.contains(":") { out = misreadSlashes.replacingMatches(in: out) { groups in groups[1] + "://" } }
        if out.contains(". ") { out = spacedLabel.replacingMatches(in: out) { groups in groups[1] + "." + groups[2] } }
        if out.contains(". ") || out.contains(" .") { out = spacedDot.replacingMatches(in: out) { groups in
            topLevel.contains(digitsAsLetters(groups[2])) ? groups[1] + "." + groups[2] : nil
        } }
        // After the dots are whole again (`https://ww.travel-garden. fr?id=`).
        if out.contains("ww.") { out = shortWWW.replacingMatches(in: out) { groups in groups[1] + "www." } }
        if out.contains(where: \.isNumber) { out = lookAlikeTopLevel.replacingMatches(in: out) { groups in
            let mapped = digitsAsLetters(groups[2])
            return topLevel.contains(mapped) ? groups[1] + "." + mapped : nil
        } }
        if out.contains(" ") { out = splitTail.replacingMatches(in: out) { groups in groups[1] + groups[2] } }
        if out.contains(". ") {
            out = spacedExtension.replacingMatches(in: out) { groups in groups[1] + "." + groups[2] }
        }
        // A query the screen wrapped with a space before its `?` (`…/help-article/` then `post ?id=79486`), made
        // one word again so that the wrap is joined.
        if out.contains(" ?") {
            out = spacedQueryMark.replacingMatches(in: out) { groups in groups[1] + "?" + groups[2] }
        }
        out = wrapsJoined(out)
        // After the wraps are joined: the `?` of a wrapped query is read like any other (`…/blog-de/` then
        // `90640?7id=86905`).
        return out.contains("7") || out.contains(" ?") ? queryMarkRead(out) : out
    }

    /// A scheme whose `//` was read with a space or a look-alike (`https:/Awww.`, `http: //app.`, `https:l/`).
    static let misreadSlashes = try! NSRegularExpression(
        pattern: #"(?i)\b(https?) ?: ?(?:/ ?[/A\\|lI1]|[\\|lI1] ?/) ?(?=[a-z0-9])"#)
    /// `www.` read with a `w` lost (`http://ww.kino.nl/…`: seeds 7070, 8080, 9090), at the start of a host with a
    /// top-level domain; no site names a host `ww`.
    static let shortWWW = try! NSRegularExpression(
        pattern: #"((?:https?://)|(?<![\w./@-]))[wW]{2}\.(?=(?:[a-z0-9-]+\.)+[a-z]{2,12}\b)"#)
    /// A sub-domain a host starts with, read with a space after its dot: after a scheme (`http://shop. photo26.com`)
    /// any label, else at the start of a line (an address bar, a share sheet) the labels sites use for one
    /// (`app. shop-cloud.eu/…`), before a host with a path (`the shop. example.com/sale` is a sentence).
    static let spacedLabel = try! NSRegularExpression(
        pattern: #"((?:https?://[a-z0-9-]+)|^(?:www|m|mobile|app|shop|store|blog|news|api|docs|web|my|en|de|fr))\. ((?:[a-z0-9-]+\.)+[a-z]{2,12}(?:[/?#:]|$))"#,
        options: [.anchorsMatchLines])
    /// A link's last piece split off by a space at the end of a line: digits after digits in a path or a query
    /// (`…/recipe-track/7 86088`, `www.travel.app?id=7 7432`) or a hyphenated word (`…/products -products?id=1974`).
    static let splitTail = try! NSRegularExpression(
        pattern: #"((?:https?://)?(?:[a-z0-9-]+\.)+[a-z]{2,12}[/?]\S*?(?:\d|[a-z]))(?: )((?<=\d )\d+|-[a-z0-9][\w\-./?=&%#]*)$"#,
        options: [.anchorsMatchLines])
    /// A page's extension read with a space after its dot, at the end of a link's path (`…/account/sale. html`):
    /// the word before it is a path's last, so the dot is no sentence's end.
    static let spacedExtension = try! NSRegularExpression(
        pattern: #"((?:https?://)?(?:[a-z0-9-]+\.)+[a-z]{2,12}/\S*[a-z0-9])\. (html?|php)(?=[?#\s]|$)"#,
        options: [.anchorsMatchLines])

    /// A query's `?` as the recogniser reads it, in a link that has no `?` yet and where a `key=value` follows: read
    /// `7` (`…/359456` + `7id=2146`, `travel.eu7id=15`), read `7?` after the top-level domain (`shop.com7?id=5`:
    /// no top-level domain ends in a digit), read `?7` (`?7id=`: no query key starts with a digit), or cut off by a
    /// space (`…/post ?id=88`).
    static func queryMarkRead(_ text: String) -> String {
        misreadQueryMark.replacingMatches(in: text) { groups in
            // `7?` only right after the top-level domain: a path may end in a 7 before its query.
            guard topLevel.contains(groups[2].lowercased()), groups[4] != "7?" || groups[3].isEmpty else { return nil }
            return groups[1] + "?" + groups[5]
        }
    }

    /// A host with its top-level domain (group 2), a path without `?` (group 3), the `?` as read (group 4), then a
    /// query key and its value (group 5).
    static let misreadQueryMark = try! NSRegularExpression(
        pattern: #"(?i)((?<![\w.@/-])(?:https?://)?(?:[a-z0-9-]+\.)+([a-z]{2,12})((?:/[^\s?#]*)?))"#
            + #"(7\??|\?7| \?)([a-z][a-z0-9_]{0,20}=[\w.-]+)(?=[\s&#]|$)"#,
        options: [.anchorsMatchLines])

    /// A line that is one word of link characters, a space, `?`, a key and its value, and nothing else.
    static let spacedQueryMark = try! NSRegularExpression(
        pattern: #"^([a-z0-9][\w./-]*) \?([a-z][a-z0-9_]{0,20}=[\w.-]+)$"#, options: [.anchorsMatchLines])

    /// A top-level domain as read, lower case, with `0` read as `o` and `1` as `l`.
    static func digitsAsLetters(_ word: String) -> String {
        String(word.lowercased().map { $0 == "0" ? "o" : $0 == "1" ? "l" : $0 })
    }

    /// A host label with a letter, a dot, and two to six letters, `0` or `1`, of which one at least is a digit,
    /// before a path, a query, a space or the end.
    static let lookAlikeTopLevel = try! NSRegularExpression(
        pattern: #"(?i)(?<![\w.])((?:[a-z0-9-]+\.)*[a-z0-9-]*[a-z][a-z0-9-]*[a-z0-9])\.((?=[a-z01]*[01])[a-z01]{2,6})(?=[/?#]|\s|$)"#,
        options: [.anchorsMatchLines])
    /// A host, a dot with a space before or after it, and a top-level domain followed by a path or a query, all in
    /// lower case (`Done. De/Fr` is a sentence).
    static let spacedDot = try! NSRegularExpression(
        pattern: #"(?<![\w.])((?:[a-z0-9-]+\.)*[a-z0-9-]*[a-z][a-z0-9-]*)(?: \. ?|\. )((?=[a-z01]*[a-z])[a-z01]{2,12})(?=/|\?[a-z])"#)

    /// Lines whose last word is a link ending in `/`, `-`, `_`, `=`, `&` or `?` joined with a next line that is one
    /// word of link characters starting with a lower-case letter or a digit (`240262/`, `products`): the rest of
    /// the link the screen wrapped. A next line that starts with a capital (`Menu`) or has spaces is left alone.
    static func wrapsJoined(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var index = 0
        while index + 1 < lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            let next = lines[index + 1].trimmingCharacters(in: .whitespaces)
            if let last = line.split(separator: " ").last, let end = last.last, "/-_=&?".contains(end),
               last.contains("."), !links(inRepaired: String(last)).isEmpty,
               let first = next.first, first.isLowercase || first.isNumber,
               !next.contains(" "), next.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._~%/?#=&+".contains($0)) }) {
                lines[index] = line + next
                lines.remove(at: index + 1)
                continue
            }
            index += 1
        }
        return lines.joined(separator: "\n")
    }
}
