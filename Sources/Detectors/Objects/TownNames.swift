import CGeonames
import Foundation

/// Town names as a country writes them, found again from a reading that lost their diacritics (`Koln`, `Munchen`,
/// `Dusseldorf`) or mixed in the recogniser's look-alikes (`Miunchen`, `KG6ln`, `K0ln`).
///
/// The names are the GeoNames cities of at least 15,000 people that Debian's libgeonames carries for the country
/// (the same data as the Places library's gazetteer, read here through the C library: a detector imports no other
/// detector), plus the German spellings of the cities GeoNames lists under their English name (`Cologne`,
/// `Munich`, `Nuremberg`). A reading is compared with them folded: lower case, without diacritics, `ß` as `ss`.
///
/// Precision comes first: a name read as a town of the list is kept as read; a folded name that two towns share
/// (`Lohne`, `Löhne`) is left as read; look-alikes are read back only inside a word (`ii`, `iu`, `ui` for `ü`;
/// `6`, `0` for `o`; a capital `I` after a letter for `l`); and a character is dropped only from a word the recogniser visibly garbled (a digit, or a
/// capital after the first letter), and only when exactly one town is then left.
public struct TownNames: Sendable {
    /// The spellings of each folded name.
    private let spellings: [String: Set<String>]

    public init<S: Sequence>(names: S) where S.Element == String {
        var spellings: [String: Set<String>] = [:]
        for name in names where !name.isEmpty { spellings[Self.folded(name), default: []].insert(name) }
        self.spellings = spellings
    }

    /// German cities whose GeoNames name is the English one.
    static let germanEndonyms = ["Köln", "München", "Nürnberg"]

    /// The towns of Germany and France in libgeonames (with the German endonyms), read once per process.
    public static let germanyAndFrance: [String: TownNames] = {
        var names: [String: [String]] = ["DE": germanEndonyms, "FR": []]
        let total = Int(pool_geonames_count())
        for index in 0..<total {
            var city = pool_geonames_city()
            guard pool_geonames_city_at(Int32(index), &city) != 0 else { continue }
            defer { pool_geonames_city_release(&city) }
            guard let code = city.country_code.map({ String(cString: $0) }), names[code] != nil,
                  let name = city.name.map({ String(cString: $0) }) else { continue }
            names[code]!.append(name)
        }
        return names.mapValues { TownNames(names: $0) }
    }()

    /// `name` in lower case, without diacritics, `ß` as `ss`, spaces collapsed.
    static func folded<S: StringProtocol>(_ name: S) -> String {
        name.lowercased().replacingOccurrences(of: "ß", with: "ss")
            .folding(options: [.diacriticInsensitive], locale: nil)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The town `read` names, spelt as the list spells it (upper case when it was read in upper case); nil when
    /// it names no town of the list, names it as written already, or could be more than one.
    public func spelling(of read: String) -> String? {
        let candidates = Self.readings(of: read)
        for (index, key) in candidates.enumerated() {
            guard let names = spellings[key] else { continue }
            if names.contains(read) { return nil }
            // A dropped character must leave one town only, among all the drops.
            if index >= Self.exactReadings(of: read).count {
                let towns = Set(candidates[index...].compactMap { spellings[$0] }.filter { $0.count == 1 }.map { $0.first! })
                let shared = candidates[index...].contains { (spellings[$0]?.count ?? 0) > 1 }
                guard towns.count == 1, !shared else { return nil }
            }
            guard names.count == 1, let name = names.first else { return nil }
            let letters = read.filter(\.isLetter)
            let upper = letters.count > 1 && letters.allSatisfy(\.isUppercase)
            let spelt = upper ? name.uppercased() : name
            return spelt == read ? nil : spelt
        }
        return nil
    }

    /// Whether `name` is a town of the list, spelt as the list spells it.
    public func contains(_ name: String) -> Bool { spellings[Self.folded(name)]?.contains(name) == true }

    /// The folded keys to look up, in order: the name folded, then with look-alikes read back.
    static func exactReadings(of read: String) -> [String] {
        let plain = folded(read)
        var out = [plain]
        for key in [lookAlikesRead(plain), lookAlikesRead(folded(lookAlikesOfLAsL(read)))] where !out.contains(key) {
            out.append(key)
        }
        return out
    }

    /// A capital `I` after a lower-case letter or a digit read as the `l` it usually is there (`K6In`), and so a
    /// `1` after a letter or a digit and before a letter (`K61Ln`, tuning seed 7807): no town has a digit.
    static func lookAlikesOfLAsL(_ read: String) -> String {
        var out = "", previous: Character = " "
        let characters = Array(read)
        for (index, character) in characters.enumerated() {
            let next = index + 1 < characters.count ? characters[index + 1] : " "
            let isL = (character == "I" && (previous.isLowercase || previous.isNumber))
                || (character == "1" && (previous.isLetter || previous.isNumber) && next.isLetter)
            out.append(isL ? "l" : character)
            previous = character
        }
        return out
    }

    /// A folded name with `6` or `0` between letters read as `o`, and `ii`, `iu`, `ui` as `u`.
    static func lookAlikesRead(_ plain: String) -> String {
        var lookAlikes = ""
        let characters = Array(plain)
        for (index, character) in characters.enumerated() {
            let between = index > 0 && index + 1 < characters.count && characters[index - 1].isLetter
                && characters[index + 1].isLetter
            lookAlikes.append(between && (character == "6" || character == "0") ? "o" : character)
        }
        for pair in ["iiu", "ii", "iu", "ui"] {
            lookAlikes = lookAlikes.replacingOccurrences(of: pair, with: "u")
        }
        return lookAlikes
    }

    /// `exactReadings`, then (for a visibly garbled word) each of them with one character dropped.
    static func readings(of read: String) -> [String] {
        let exact = exactReadings(of: read)
        guard garbled(read) else { return exact }
        var out = exact
        for key in exact {
            let characters = Array(key)
            for index in characters.indices where characters[index] != " " {
                var shorter = characters
                shorter.remove(at: index)
                let candidate = String(shorter)
                if candidate.count >= 3, !out.contains(candidate) { out.append(candidate) }
            }
        }
        return out
    }

    /// A word with a digit, or with a capital after its first letter (`KG6ln`, `MUnchen`); a name in upper case
    /// throughout is not garbled.
    static func garbled(_ read: String) -> Bool {
        read.split(separator: " ").contains { word in
            let letters = word.filter(\.isLetter)
            if letters.allSatisfy(\.isUppercase) && letters.count > 1 && !word.contains(where: \.isNumber) { return false }
            return word.contains(where: \.isNumber) || word.dropFirst().contains(where: \.isUppercase)
        }
    }
}
