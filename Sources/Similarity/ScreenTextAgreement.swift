/// How much of their text two captures share: the words (letters and digits, lowercased) common to both, counted
/// with repeats, over the word count of the wordier one. 1 for the same text, 0 for nothing in common. A clock or
/// a badge that changed between two captures of one screen costs one word; another message in the same chat
/// layout costs most of them.
public enum ScreenTextAgreement {
    /// The words of `text`, with how often each appears.
    public static func words(_ text: String) -> [Substring: Int] {
        var counts: [Substring: Int] = [:]
        let lowered = text.lowercased()
        for word in lowered.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) {
            counts[word, default: 0] += 1
        }
        return counts
    }

    /// 0...1; two texts without words agree fully.
    public static func agreement(_ a: [Substring: Int], _ b: [Substring: Int]) -> Double {
        let total = max(a.values.reduce(0, +), b.values.reduce(0, +))
        guard total > 0 else { return 1 }
        let common = a.reduce(0) { $0 + min($1.value, b[$1.key] ?? 0) }
        return Double(common) / Double(total)
    }
}
