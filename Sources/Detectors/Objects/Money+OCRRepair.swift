import Foundation

/// What the recogniser does to a price, read back where the amount's own shape says what was meant: a decimal mark
/// read as both marks (`2,.49 €`), a decimal comma read as a space with the gap before the currency sign lost
/// (`927 23€` for `927,23 €`), and a cent sign read in front of a euro sign (`511,84¢€`). Each repair needs a
/// currency sign right after the cents, so prose and other numbers keep their spaces and marks.
extension Money {
    /// `text` with those repairs made, for finding amounts only (the other detectors read the text as it is).
    static func textRepaired(_ text: String) -> String {
        guard text.contains(where: { signsWrittenAfter.contains($0) }) else { return text }
        var out = text
        if out.contains("¢") { out = centSignBeforeSign.replacingMatches(in: out) { groups in groups[1] } }
        if out.contains(",.") || out.contains(".,") {
            out = doubledMark.replacingMatches(in: out) { groups in groups[1] + groups[2] + groups[3] }
        }
        if out.contains(" ") { out = spaceForComma.replacingMatches(in: out) { groups in groups[1] + "," + groups[2] } }
        return out
    }

    /// The currency signs written after an amount (`12,34 €`, `5 £`), before which these repairs look.
    static let signsWrittenAfter: Set<Character> = ["€", "£", "$", "¥", "₹", "₩", "₽", "₺"]
    static let signClass = "[€£$¥₹₩₽₺]"

    /// A cent sign between the cents and a euro or other currency sign (`511,84¢€`): no amount is written with
    /// two currency signs, so the cent sign is the recogniser's (it reads the euro sign's bars twice).
    static let centSignBeforeSign = try! NSRegularExpression(pattern: #"(?<=\d) ?¢ ?("# + signClass + ")")

    /// A decimal mark read as a comma and a point together (`2,.49 €`, `4.,47 €`) between the units and two cents
    /// followed by a currency sign: the first mark is kept (the decimal either way).
    static let doubledMark = try! NSRegularExpression(
        pattern: #"(\d)([.,])[.,](\d{2}) ?(?="# + signClass + ")")

    /// A decimal comma read as a space when the space before the sign was lost (`927 23€` for `927,23 €`): units
    /// standing alone (one to three digits and any thousands groups, no letter, digit or mark before them), a space,
    /// exactly two digits and the sign right after them. Two digits cannot be a thousands group, and `23 €` with its
    /// space keeps it.
    static let spaceForComma = try! NSRegularExpression(
        pattern: #"(?<![\w.,'])(\d{1,3}(?:[.,' ]\d{3})*) (\d{2})(?="# + signClass + ")")
}
