import Foundation

/// More of what the recogniser and the screen do to an address, read back by the address's own shape: a house
/// number split by a space (`1 14 Main Street`, `Hauptstraße 1 2`) or wrapped onto the next line (`Bahnhofstr.` /
/// `157, 34682 Dresden`), a US state read in lower case or garbled before its ZIP code (`Denver, co 80202`), the
/// `ß` of `…straße` read as two characters (`Schillerstrafge`, see `misreadStrasse`), a French street type read
/// without its accent (`allee des Tilleuls`). Each repair applies at one place of a street or locality line, never
/// to a word of prose.
extension PostalAddresses {
    /// A house number the recogniser split with one space, joined: at the start of a street line before a street
    /// word (`1 14 Main Street`, `Flat 2, 1 2 Mill Close`; a number is never followed by another number and a
    /// word there: `10 1st Street` keeps its ordinal), or at the end of a German one after the street word
    /// (`Hauptstraße 1 2`, `Gartenweg 1 2a`, `Unter den Linden 1 1 1`). The street unchanged when neither place
    /// holds two digit groups.
    static func houseNumberJoined(_ street: String) -> String {
        let range = NSRange(street.startIndex..., in: street)
        if let match = splitNumberFirst.firstMatch(in: street, range: range) {
            return splitNumberFirst.replacementString(for: match, in: street, offset: 0, template: "$1$2$3")
        }
        if street.first?.isNumber == false, let parts = groups(splitNumberLast, street) {
            return parts[1] + " " + parts[2].filter { $0 != " " } + parts[3]
        }
        return street
    }

    /// A German street the screen wrapped before its house number, joined again: a line of words without a digit
    /// (`Bahnhofstr.`, as read `Bahnhofstr`), then a line that starts with the house number alone, either followed by
    /// a comma and the postcode line (`157, 34682 Dresden`) or alone with the postcode line below it (`93` /
    /// `34682 Dresden`). Taken only when the joined street and the postcode line make a German address; the address
    /// and the number of lines it used, nil otherwise.
    static func houseNumberWrapped(_ lines: [String], at index: Int) -> (DetectedObject, Int)? {
        guard index + 1 < lines.count, matches(streetWithoutNumber, lines[index]),
              let parts = groups(wrappedHouseNumber, lines[index + 1]) else { return nil }
        let street = lines[index].trimmingCharacters(in: CharacterSet(charactersIn: " ,")) + " " + parts[1]
        if !parts[2].isEmpty {
            guard let address = address(street: street, locality: parts[2]),
                  address.fields["addressCountry"] == "DE" else { return nil }
            return (address, 2)
        }
        guard index + 2 < lines.count, let address = address(street: street, locality: lines[index + 2]),
              address.fields["addressCountry"] == "DE" else { return nil }
        return (address, 3)
    }

    /// A German street whose `Str.` (`Straße`) was read without its dot before the house number (`Bahnhofstr 157`,
    /// seed 7981) with the dot: German writes the abbreviation with one, and no German word ends in `str`.
    static func abbreviationDotted(_ street: String) -> String {
        let range = NSRange(street.startIndex..., in: street)
        return undottedStrasse.stringByReplacingMatches(in: street, range: range, withTemplate: "$1.")
    }

    /// A word ending in `str` (or the word `Str`) before a space and a digit.
    static let undottedStrasse = regex(#"(\b\p{L}*[sS]tr)(?=\s+\d)"#)

    /// One to four words of letters (a dot, an apostrophe or a hyphen inside), the first capitalised: a German
    /// street name without its number.
    static let streetWithoutNumber = regex(#"^\p{Lu}[\p{L}ß.'-]*(?: [\p{L}.'-]+){0,3},?$"#)
    /// A house number (one to four digits and an optional letter), then nothing or a comma and the rest of the line.
    static let wrappedHouseNumber = regex(#"^(\d{1,4}[a-z]?)(?:,\s*(.+))?$"#)

    /// One to three digits, a space, one to three digits, then a street word (a letter); after an optional UK flat.
    static let splitNumberFirst = regex(#"^((?:(?:Flat|Apartment|Unit)\s+\d+[A-Z]?,?\s+)?\d{1,3}) (\d{1,3})( \p{L}.*)$"#)
    /// A street word ending in a letter or a dot, a space, one or two digits, then a space and one to three digits
    /// once or twice (`Unter den Linden 1 1 1`, a number split twice), and an optional letter at the end of the line.
    static let splitNumberLast = regex(#"^(.*[\p{L}.]) (\d{1,2}(?: \d{1,3}){1,2})(\s?[a-zA-Z]?)$"#)

    /// A US locality line (`Denver, co 80202`) whose state was read in lower case or with one letter so, written
    /// upper case when that is a state's abbreviation; only before a ZIP code at the end of the line, and only
    /// used with a street line of US shape (`address(street:locality:)`). Nil when nothing changed.
    static func stateCapitalised(_ locality: String) -> String? {
        guard let parts = groups(lowerCaseState, locality) else { return nil }
        let state = parts[2].uppercased()
        guard state != parts[2], states.contains(state) else { return nil }
        return parts[1] + state + parts[3]
    }

    /// A US locality line whose state the recogniser garbled (`Austin, T™ 78701`, `Denver, C0 80202`, `Austin,
    /// T™X 59790` with a sign put in): two characters at least one of which is a letter (three when one is a sign,
    /// which is dropped), before a ZIP code ending the line, read back as the one state
    /// whose abbreviation has the legible letters in their places and which has a town of that name
    /// (`USTownStates`; for a town the list lacks, the letters alone must leave one state). Only used with a street
    /// line of US shape (`address(street:locality:)`). Nil otherwise.
    static func stateReadBack(_ locality: String, towns: USTownStates = .geonames) -> String? {
        guard let parts = groups(garbledState, locality) else { return nil }
        var read = Array(parts[2])
        if read.count == 3 {
            // A sign read between or after the two letters (`T™X`): dropped when it is the only one.
            let signs = read.indices.filter { !read[$0].isLetter && !read[$0].isNumber }
            guard signs.count == 1 else { return nil }
            read.remove(at: signs[0])
        }
        guard !states.contains(parts[2]), read.contains(where: { $0.isASCII && $0.isLetter }) else { return nil }
        var candidates = states.filter { state in
            zip(read, state).allSatisfy { character, letter in
                !(character.isASCII && character.isLetter) || Character(character.uppercased()) == letter
            }
        }
        let town = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " ,"))
        let known = towns.states(of: town)
        if !known.isEmpty { candidates.formIntersection(known) }
        guard candidates.count == 1, let state = candidates.first else { return nil }
        return parts[1] + state + parts[3]
    }

    /// A locality, two or three characters that are no space, and a ZIP code ending the line.
    static let garbledState = regex(#"^(\p{L}[\p{L}.' -]*?,?\s+)(\S{2,3})(\s+\d{5}(?:-\d{4})?)$"#)

    /// A locality, a two-letter word with a lower-case letter, and a ZIP code ending the line.
    static let lowerCaseState = regex(#"^(\p{L}[\p{L}.' -]*?,?\s+)((?=[A-Za-z]{0,1}[a-z])[A-Za-z]{2})(\s+\d{5}(?:-\d{4})?)$"#)

    /// A French street line whose street type was read without its accent (`12 allee des Tilleuls`) with the type
    /// spelt as French does (`allée`): the types are the closed list `frStreet` accepts, and `allee` is no French
    /// word. The street unchanged otherwise (the name after the type has no list to be read back by).
    static func streetTypeAccented(_ street: String) -> String {
        let range = NSRange(street.startIndex..., in: street)
        return unaccentedStreetType.stringByReplacingMatches(in: street, range: range, withTemplate: "$1$2llée$3")
    }

    /// The house number part of a French street line, then `allee` (either case of its first letter).
    static let unaccentedStreetType = regex(#"^(\d{1,4}(?:\s?(?:bis|ter|[A-D]))?,?\s+)([Aa])llee(\s)"#)

    /// A German town whose umlaut was read as a vowel with an accent German does not write (`Kéln` for `Köln`) or
    /// whose `ü` lost its dots (`Minchen` for `München`), spelt as the town list does: the accented letters read
    /// as `ä`, `ö` or `ü`, or one `i` as `ü`, taken only when the name as read is no town of the list and exactly
    /// one of the readings is. With an accent read, a look-alike of `l` after a letter (`I`, `i`, `1`, `|`) may be
    /// the `l` as well (`KéIn`, `Kéin`: of `Käin`, `Köin`, `Küin`, `Käln`, `Köln`, `Küln` only `Köln` is a
    /// town). A capital `G` after a letter is an `ö` read as the `6` it resembles (`KGin`, tuning seed 7807: of
    /// `Köin` and `Köln` only `Köln` is a town). Nil otherwise.
    static func germanTownWithUmlaut(_ town: String) -> String? {
        guard let towns = TownNames.germanyAndFrance["DE"], !towns.contains(town) else { return nil }
        var candidates: Set<String> = []
        let characters = Array(town)
        let capitalG = characters.indices.dropFirst().filter { characters[$0] == "G" && characters[$0 - 1].isLetter }
        if town.contains(where: foreignAccents.contains) || !capitalG.isEmpty {
            for umlaut in ["ä", "ö", "ü"] as [Character] {
                var read = characters.map { foreignAccents.contains($0) ? umlaut : $0 }
                for index in capitalG { read[index] = "ö" }
                var readings = [read]
                for index in read.indices.dropFirst() where lLookAlikes.contains(read[index]) && read[index - 1].isLetter {
                    readings += readings.map { var changed = $0; changed[index] = "l"; return changed }
                }
                candidates.formUnion(readings.map { String($0) })
            }
        } else {
            for index in characters.indices where characters[index] == "i" && index > 0 {
                var changed = characters
                changed[index] = "ü"
                candidates.insert(String(changed))
            }
        }
        let found = candidates.filter(towns.contains)
        return found.count == 1 ? found.first : nil
    }

    /// What the recogniser reads for an `l` after a letter.
    static let lLookAlikes = Set("Ii1|")

    /// Vowels with an accent that German words do not have.
    static let foreignAccents = Set("áàâãåéèêëíìîïóòôõúùûÁÀÂÉÈÊÓÒÔÚÙÛ")
}
