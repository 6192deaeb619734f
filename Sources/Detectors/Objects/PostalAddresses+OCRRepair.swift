import Foundation

/// What the recogniser does to an address, read back where the address's own shape says what was meant:
/// look-alike letters in a postcode (`8O331`, `S1O 2AB`), a street suffix read in lower case (`Maple ct`), and a
/// German `ü`/`ö` read `ii`/`6` inside a word (`Miinchen`, `K6ln`). Each repair applies only where the line is a
/// postcode line or a street line of its country once repaired: a postcode alone or a street alone is still no
/// address.
extension PostalAddresses {
    /// Letters the recogniser reads for one digit only. `Q` is not among them: it is read for `0` and for `9`
    /// alike (7981's `M1 9DE` read `M1 QDE`), and no place of a postcode has a check that tells the two apart, so
    /// a postcode with a `Q` in a digit place is left unread rather than read as the wrong address.
    static let digitLookAlikes: [Character: Character] = [
        "O": "0", "o": "0", "D": "0", "I": "1", "l": "1", "i": "1", "|": "1", "S": "5", "s": "5",
        "B": "8", "Z": "2", "z": "2", "G": "6",
    ]
    /// Digits the recogniser reads for letters (in the letter places of a UK postcode).
    static let letterLookAlikes: [Character: Character] = ["0": "O", "1": "I", "5": "S", "8": "B", "2": "Z", "6": "G"]

    /// `token` with look-alike letters read as digits, when it is a run of `lengths` characters of which all but at
    /// most two are digits already; nil otherwise.
    static func digitsRepaired(_ token: Substring, lengths: Set<Int>) -> String? {
        guard lengths.contains(token.count) else { return nil }
        let letters = token.filter { !$0.isNumber }.count
        guard letters <= 2, token.allSatisfy({ $0.isNumber || digitLookAlikes[$0] != nil }) else { return nil }
        return String(token.map { $0.isNumber ? $0 : digitLookAlikes[$0]! })
    }

    /// A locality line with look-alike letters in its postcode read back: a five-digit postcode first (DE, FR), a
    /// ZIP code last (US), or a UK postcode last (the letter and digit places of its shape); nil when nothing
    /// changed.
    static func postcodeRepaired(_ locality: String) -> String? {
        var words = locality.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count >= 2 else { return nil }
        if let first = digitsRepaired(words[0], lengths: [5]), first != words[0] {
            words[0] = Substring(first)
        } else if let last = words.last, last.count == 5 || last.count == 10,
                  let zip = digitsRepaired(last.replacingOccurrences(of: "-", with: "")[...], lengths: [5, 9]) {
            let repaired = zip.count == 9 ? String(zip.prefix(5)) + "-" + String(zip.suffix(4)) : zip
            guard repaired != last else { return nil }
            words[words.count - 1] = Substring(repaired)
        } else if words.count >= 3, let inward = ukInward(words[words.count - 1]),
                  let outward = ukOutward(words[words.count - 2]) {
            guard inward != words[words.count - 1] || outward != words[words.count - 2] else { return nil }
            words[words.count - 1] = Substring(inward)
            words[words.count - 2] = Substring(outward)
        } else {
            return nil
        }
        return words.joined(separator: " ")
    }

    /// A UK inward code (`9AA`) with a look-alike letter for its digit read back; or one read with a letter too
    /// many (`7NWW`, `7CNW`), cut back when that leaves one inward code only: a letter that repeats its neighbour
    /// (one glyph read twice) is dropped first; otherwise every letter whose removal leaves an inward code with
    /// letters Royal Mail uses there (never C, I, K, M, O or V) is tried, and `7TNW` (`7NW`, `7TW` or `7TN`) is
    /// left unread.
    static func ukInward(_ token: Substring) -> String? {
        if token.count == 4 {
            let characters = Array(token)
            var candidates: Set<String> = []
            var doubled: Set<String> = []
            // A letter before the digit is one too many as well (`A4JY`), unless it could be the digit itself.
            for index in 0..<4 {
                var shorter = characters
                shorter.remove(at: index)
                guard let inward = ukInward(Substring(String(shorter))),
                      inward.dropFirst().allSatisfy(inwardLetters.contains) else { continue }
                candidates.insert(inward)
                if index > 0, characters[index] == characters[index - 1] { doubled.insert(inward) }
            }
            if doubled.count == 1 { return doubled.first }
            return candidates.count == 1 ? candidates.first : nil
        }
        guard token.count == 3, let first = token.first else { return nil }
        let digit = first.isNumber ? first : digitLookAlikes[first]
        let letters = token.dropFirst().map { inwardLetterLookAlikes[$0] ?? $0 }
        guard let digit, letters.allSatisfy({ $0.isASCII && $0.isUppercase }) else { return nil }
        return String(digit) + String(letters)
    }

    /// What the recogniser reads for a letter of an inward code that only one of its letters looks like: a
    /// closing bracket for `J` (`7]}` for `7JJ`, `1Q)` for `1QJ`; `I`, the other letter a bracket resembles, is
    /// never in an inward code, and a digit never in its letter places).
    static let inwardLetterLookAlikes: [Character: Character] = ["]": "J", "}": "J", ")": "J"]

    /// The letters of a UK inward code.
    static let inwardLetters = Set("ABDEFGHJLNPQRSTUWXYZ")

    /// A UK outward code (`A9`, `A99`, `AA9`, `AA99`, `A9A`, `AA9A`) with look-alikes read back by place: letters
    /// first, then a digit, then a digit or a letter; of the two ways to split it, the one changing fewer
    /// characters.
    static func ukOutward(_ token: Substring) -> String? {
        // A capital read twice, once in lower case (`CcB2`, `NwW1`), is one letter, unless the two could be an
        // area's own doubled letters (`LL`, `NN`, `SS`).
        var characters: [Character] = []
        for character in token {
            if let last = characters.last, last != character, last.uppercased() == character.uppercased(),
               last.isLetter, !doubledAreaLetters.contains(Character(character.uppercased())) {
                characters[characters.count - 1] = Character(character.uppercased())
                continue
            }
            characters.append(character)
        }
        guard (2...4).contains(characters.count) else { return nil }
        // A `1` beside a look-alike of itself (`BA1l`, `BAl1`, `NW1L`) is `11` or one `1` read twice (the
        // serifed `1` of a monospaced font reads as both): left.
        for (a, b) in zip(characters, characters.dropFirst())
        where (a == "1" && oneLookAlikes.contains(b)) || (b == "1" && oneLookAlikes.contains(a)) {
            return nil
        }
        // A letter read in lower case (`Ox1`) is the capital.
        func letter(_ c: Character) -> Character? {
            c.isASCII && c.isLetter ? Character(c.uppercased()) : letterLookAlikes[c]
        }
        func digit(_ c: Character) -> Character? { c.isASCII && c.isNumber ? c : digitLookAlikes[c] }
        var best: (text: String, changes: Int)?
        for letters in [1, 2] where letters < characters.count && characters.count - letters <= 2 {
            let head = characters.prefix(letters).compactMap(letter)
            // After two letters only a digit can follow: there a capital `L` is one as well.
            let place = characters[letters]
            guard head.count == letters, let number = digit(place) ?? (letters == 2 ? outwardDigitLookAlikes[place] : nil),
                  letters == 2 || singleLetterAreas.contains(head[0]) else { continue }
            var out = head + [number]
            if characters.count > letters + 1 {
                let last = characters[letters + 1]
                guard last.isASCII, last.isNumber || (letters == 1 ? outwardLastLetters.a9a : outwardLastLetters.aa9a)
                        .contains(last) else { continue }
                out.append(last)
            }
            let changes = zip(out, characters).filter { $0 != $1 }.count
            if best == nil || changes < best!.changes { best = (String(out), changes) }
        }
        return best?.text
    }

    /// The letters Royal Mail uses at the end of an outward code of shape `A9A` (`W1D`) and `AA9A` (`SW1A`).
    static let outwardLastLetters = (a9a: Set("ABCDEFGHJKPSTUW"), aa9a: Set("ABEHMNPRVWXY"))

    /// What the recogniser reads for a `1`.
    static let oneLookAlikes = Set("lIiL|")

    /// The letters of the postcode areas written with one letter twice (Llandudno, Northampton, Southend).
    static let doubledAreaLetters = Set("LNS")

    /// What the recogniser reads for a digit in an outward code's digit place after two letters, where no letter can
    /// be: a capital `L` for the `1` of a monospaced font (`York YOL 8UB`, tuning seed 7806).
    static let outwardDigitLookAlikes: [Character: Character] = ["L": "1"]

    /// The UK postcode areas of one letter (Birmingham, London E, Glasgow, Liverpool, Manchester, London N,
    /// Sheffield, London W): any other outward code starts with two letters (`Yo1` is `YO1`, not `Y01`).
    static let singleLetterAreas = Set("BEGLMNSW")

    /// A US street whose compass direction after the house number was read twice, the second time in lower case
    /// (`6365 Ss Elm Drive`, as `CcB2` in a UK postcode): the capital alone. No street word is `Ss`, `Nn`, `Ee` or
    /// `Ww`; the street unchanged otherwise.
    static func directionalOnce(_ street: String) -> String {
        let words = street.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count >= 3, words[0].first?.isNumber == true, case let word = words[1],
              word.count == 2 || (word.count == 3 && word.last == "."),
              let first = word.first, "NSEW".contains(first),
              word.dropFirst().first == Character(first.lowercased()) else { return street }
        let once = String(first) + (word.last == "." ? "." : "")
        return ([words[0], Substring(once)] + words.dropFirst(2)).joined(separator: " ")
    }

    /// A street suffix read in lower case (`Maple ct`, `Baker street`) written as the suffix list spells it: the
    /// last word, or the word before a US unit and its number (`Market st Suite 267`, `Elm dr, Apt 4B`); nil when
    /// that word is no suffix in lower case.
    static func suffixCapitalised(_ street: String, suffixes: String) -> String? {
        var words = street.split(separator: " ", omittingEmptySubsequences: false)
        var place = words.count - 1
        if words.count >= 4, case let unit = words[words.count - 2],
           unitWords.contains(unit.hasSuffix(".") ? String(unit.dropLast()) : String(unit)) {
            place = words.count - 3
        }
        guard place >= 1 else { return nil }
        let word = words[place]
        let comma = word.hasSuffix(",") ? "," : ""
        let dotted = word.dropLast(comma.count)
        let dot = dotted.hasSuffix(".") ? "." : ""
        let bare = dotted.dropLast(dot.count)
        guard let first = bare.first, first.isLowercase,
              let suffix = suffixes.split(separator: "|").first(where: { $0.lowercased() == bare.lowercased() })
        else { return nil }
        words[place] = suffix + dot + comma
        return words.joined(separator: " ")
    }

    /// The words of a US unit after a street (`usStreet`), as read before their number.
    static let unitWords: Set<String> = ["Apt", "Suite", "Ste", "Unit", "Fl", "Floor"]

    /// German words as the recogniser reads their umlauts inside a word: `ii` for `ü` (`Miinchen`), `6` between
    /// letters for `ö` (`K6ln`). German has no `ii` inside a word but in loan words, and a town or street name
    /// no digit between letters.
    static func umlautsRead(_ text: String) -> String {
        var out = misreadUmlautU.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text),
                                                          withTemplate: "$1ü")
        out = misreadUmlautO.stringByReplacingMatches(in: out, range: NSRange(out.startIndex..., in: out),
                                                      withTemplate: "$1ö")
        return out
    }

    /// A five-digit postcode line whose town has a digit inside (`50667 K0ln`), with the town a German or French
    /// town reads back to (`TownNames`); the line unchanged when none does.
    static func townRead(_ locality: String) -> String {
        guard let space = locality.firstIndex(of: " ") else { return locality }
        let town = String(locality[locality.index(after: space)...])
        guard town.contains(where: \.isNumber) else { return locality }
        let spellings = ["DE", "FR"].compactMap { TownNames.germanyAndFrance[$0]?.spelling(of: town) }
        guard Set(spellings).count == 1 else { return locality }
        return String(locality[...space]) + spellings[0]
    }

    static let misreadUmlautU = regex(#"(\p{L})ii(?=\p{L})"#)
    static let misreadUmlautO = regex(#"(\p{L})6(?=\p{Ll})"#)
}

extension PostalAddresses {
    /// The address of `street` and `locality` as read, or else as the OCR repairs above read them back.
    static func address(street: String, locality: String) -> DetectedObject? {
        if let address = addressAsRead(street: street, locality: locality) { return address }
        var repairedLocality = postcodeRepaired(locality) ?? locality
        repairedLocality = stateCapitalised(repairedLocality) ?? stateReadBack(repairedLocality) ?? repairedLocality
        if repairedLocality.first?.isNumber == true {
            // The gazetteer first, on the town as read (`K6éln`, `K6oln`), then the umlaut rules.
            repairedLocality = umlautsRead(townRead(repairedLocality))
        }
        let trimmed = street.trimmingCharacters(in: CharacterSet(charactersIn: " ,"))
        let repairedStreet = suffixCapitalised(trimmed, suffixes: usSuffixes + "|" + ukSuffixes) ?? trimmed
        guard repairedLocality != locality || repairedStreet != trimmed else { return nil }
        return addressAsRead(street: repairedStreet, locality: repairedLocality)
    }
}
