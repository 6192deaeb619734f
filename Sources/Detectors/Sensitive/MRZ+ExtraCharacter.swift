extension MRZ {
    /// A zone whose line OCR read with one character too many outside a filler run (a `1` read as `1I`: one glyph
    /// read twice): each way of dropping a character that repeats its neighbour is checked. Stricter than a zone
    /// read at its length, since a line has many ways of dropping a character: every check digit must pass (no
    /// partial zone) and both dates must be calendar dates.
    static func findDroppingOne(first: String, second: String, third: String?) -> Zone? {
        if let third = third.flatMap({ fitted($0, to: 30, slack: 8) }), isZoneLine(third) {
            // One of the two lines with check digits holds a character too many, or both do (`IX<` for `I<` on
            // the first, `1L` for `1` on the second: seed 7070); the first line's trailing fillers (worth nothing in
            // the composite) may be further off.
            let first30 = fitted(first, to: 30, slack: 8), second30 = fitted(second, to: 30)
            let firstLonger = first.count != 30 ? fitted(first, to: 31, slack: 8).map { variants($0, length: 30) } : nil
            let secondLonger = second.count != 30 ? fitted(second, to: 31).map { variants($0, length: 30) } : nil
            var pairs: [(String, String)] = []
            if let second30, let firstLonger { pairs += firstLonger.map { ($0, second30) } }
            if let first30, let secondLonger { pairs += secondLonger.map { (first30, $0) } }
            if let firstLonger, let secondLonger {
                pairs += firstLonger.flatMap { one in secondLonger.map { (one, $0) } }
            }
            for (one, two) in pairs {
                guard let zone = checkTD1(one, two, third), !zone.partial,
                      datesArePlausible(two, birth: 0, expiry: 8) else { continue }
                return repaired(zone)
            }
        }
        for (length, check) in [(44, checkLong), (36, checkShort)] as [(Int, (String, String) -> Zone?)] {
            guard second.count != length, let grown = fitted(second, to: length + 1),
                  let head = fitted(first, to: length, slack: 8) else { continue }
            for line in variants(grown, length: length) {
                guard let zone = check(head, line), !zone.partial || zone.format == .visaA || zone.format == .visaB,
                      datesArePlausible(line, birth: 13, expiry: 21) else { continue }
                return repaired(zone)
            }
        }
        return nil
    }

    /// `line` itself when it has `length` characters; when it has one too many, each way of dropping a character
    /// the recogniser could have read twice: one that repeats a neighbour or looks like it (`1I`, `0O`, `<<`);
    /// nothing otherwise.
    static func variants(_ line: String, length: Int) -> [String] {
        if line.count == length { return [line] }
        guard line.count == length + 1 else { return [] }
        let characters = Array(line)
        var seen = Set<String>()
        return characters.indices.compactMap { index in
            let neighbours = [index - 1, index + 1].filter(characters.indices.contains).map { characters[$0] }
            guard neighbours.contains(where: { looksAlike($0, characters[index]) }) else { return nil }
            var variant = characters
            variant.remove(at: index)
            let text = String(variant)
            return seen.insert(text).inserted ? text : nil
        }
    }

    /// Whether the six-digit dates at `birth` and `expiry` in `line` (look-alike letters read as digits) have a
    /// month 01-12 and a day 01-31.
    static func datesArePlausible(_ line: String, birth: Int, expiry: Int) -> Bool {
        let characters = Array(line)
        func plausible(_ start: Int) -> Bool {
            guard start + 6 <= characters.count else { return false }
            let digits = characters[start..<start + 6].map { toDigit[$0] ?? $0 }.compactMap(\.wholeNumberValue)
            guard digits.count == 6 else { return false }
            let month = digits[2] * 10 + digits[3], day = digits[4] * 10 + digits[5]
            return (1...12).contains(month) && (1...31).contains(day)
        }
        return plausible(birth) && plausible(expiry)
    }

    /// `lines` with a line of fillers alone joined to the zone line before it: a long zone line the screen or the
    /// recogniser broke in two (`P<GBRGARCIA<<JOHN<<<<…` / `<<<<<<<`).
    static func joiningWrappedFillers(_ lines: [String]) -> [String] {
        var out: [String] = []
        for line in lines {
            if !line.isEmpty, line.allSatisfy({ $0 == "<" }), let last = out.last, isZoneLine(last), last.count < 44 {
                out[out.count - 1] = last + line
            } else {
                out.append(line)
            }
        }
        return out
    }

    /// Glyphs a recogniser confuses: the same character, or two of one look-alike group.
    static func looksAlike(_ a: Character, _ b: Character) -> Bool {
        a == b || lookAlikeGroups.contains { $0.contains(a) && $0.contains(b) }
    }

    static let lookAlikeGroups: [Set<Character>] = [["I", "1", "L", "T"], ["O", "0", "D", "Q", "U"], ["B", "8"],
                                                    ["S", "5"], ["Z", "2"], ["G", "6"], ["<", "K", "C", "X"]]

    /// The masks of `bits` bits with one to `swaps` bits set, fewest first.
    static func fewSwapMasks(bits: Int, upTo swaps: Int) -> [Int] {
        var masks: [Int] = []
        func add(from start: Int, left: Int, mask: Int) {
            guard left > 0 else { masks.append(mask); return }
            for bit in start..<bits { add(from: bit + 1, left: left - 1, mask: mask | (1 << bit)) }
        }
        for count in 1...swaps { add(from: 0, left: count, mask: 0) }
        return masks
    }

    private static func repaired(_ zone: Zone) -> Zone {
        var zone = zone
        zone.repaired = true
        return zone
    }
}
