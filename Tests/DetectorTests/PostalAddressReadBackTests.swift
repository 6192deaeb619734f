import Foundation
@testable import ObjectRules
import PrivacyFixtures
import Testing

/// What the recogniser did to addresses on seed 9090 (docs/privacy.md: `place de la Republique`, `LS1 7TNW`, a
/// state read `T™`), read back by general rules: a French street's words by the French word list, a UK inward code
/// by its shape when one reading is left, a US state by the letters left and its town. The generated cases use the tests' seed (1), which no
/// figure uses.
@Suite("Postal addresses read back: French accents, a UK postcode with a letter too many, a garbled US state")
struct PostalAddressReadBackTests: ReadsAddresses {
    /// Seed 1's addresses of one country, each as (capture text, expected address).
    func generated(_ country: String) -> [(text: String, value: String)] {
        AddressGenerator.captures(seed: 1, count: 30).filter { $0.name.hasPrefix("address-\(country)-") }.map {
            ($0.text, String($0.objects[0].dropFirst("address ".count)))
        }
    }

    @Test func aFrenchStreetReadWithoutItsAccentsIsSpeltWithThem() throws {
        try #require(FrenchWords.installed != nil, "wfrench (/usr/share/dict/french) is installed by scripts/setup")
        let cases = generated("fr")
        #expect(cases.count == 30)
        // `Saint-Honoré` read `Saint-Honore` stays: `honore` is a French word too (a verb form), see below.
        for (text, value) in cases where !value.contains("Honoré") {
            let street = value.prefix { $0 != "," }
            let unaccented = text.replacingOccurrences(
                of: street, with: street.folding(options: .diacriticInsensitive, locale: nil))
            #expect(values(unaccented) == [value], "\(unaccented)")
        }
        #expect(values("54 place de la Republique\n70161 Paris") == ["54 place de la République, 70161 Paris"])
        #expect(values("8 rue du General Leclerc\n69001 Lyon") == ["8 rue du Général Leclerc, 69001 Lyon"])
        // A wrong accent is read back as well.
        #expect(values("8 place de la Républiqué, 69001 Lyon") == ["8 place de la République, 69001 Lyon"])
    }

    @Test func aFrenchWordThatIsAWordAsReadOrInCapitalsIsKept() {
        // `honore` is a verb form; capitals are often written without accents; names are no words.
        #expect(values("3 rue du Faubourg Saint-Honore\n75008 Paris") == ["3 rue du Faubourg Saint-Honore, 75008 Paris"])
        #expect(values("3 PLACE DE LA REPUBLIQUE\n75003 PARIS") == ["3 PLACE DE LA REPUBLIQUE, 75003 PARIS"])
        #expect(values("12 avenue Victor Hugo\n75016 Paris") == ["12 avenue Victor Hugo, 75016 Paris"])
        // Only on a French street line.
        #expect(values("Republique 12\n10117 Berlin") == ["Republique 12, 10117 Berlin"])
    }

    @Test func aUKPostcodeWithALetterReadTwiceOrALetterNoInwardCodeHasIsCutBack() {
        let cases = generated("gb")
        #expect(cases.count == 30)
        for (text, value) in cases {
            let postcode = value.split(separator: " ").suffix(2).joined(separator: " ")
            // The last letter read twice.
            let doubled = text.replacingOccurrences(of: postcode, with: postcode + String(postcode.last!))
            #expect(values(doubled) == [value], "\(doubled)")
            // A C (no inward code has one) before the letters.
            let inward = postcode.split(separator: " ").last!
            let withC = text.replacingOccurrences(
                of: postcode, with: postcode.dropLast(2) + "C" + inward.suffix(2))
            #expect(values(withC) == [value], "\(withC)")
        }
    }

    @Test func aUKPostcodeWithALetterTooManyThatCouldBeAnyIsLeft() {
        // Seed 9090: `7NW` read `7TNW`; `7NW`, `7TW` and `7TN` are all inward codes, so none is taken (a wrong
        // postcode would be a false find, worse than a miss).
        #expect(values("228 Mill Close,\nLondon LS1 7TNW").isEmpty)
        #expect(values("228 Mill Close\nLondon LS1 7TWN1").isEmpty)
        #expect(values("Postcode checker\nLS1 7NWW\nSearch").isEmpty)
    }

    @Test func aCompassDirectionReadTwiceIsReadOnce() {
        // Tuning seed 7070 through the built-in recogniser: `S` read `Ss`.
        #expect(values("Ship to:\nAlex Morgan\n6365 Ss Elm Drive\nPortland, OR 95942") == ["6365 S Elm Drive, Portland, OR 95942"])
        #expect(values("12 Ee. Main Street, Austin, TX 73301") == ["12 E. Main Street, Austin, TX 73301"])
        // Another word after the number is left as read.
        #expect(values("12 Sw Main Street\nAustin, TX 73301") == ["12 Sw Main Street, Austin, TX 73301"])
    }

    @Test func aGarbledUSStateIsReadBackFromItsLettersAndItsTown() {
        #expect(values("4086 Elm Drive\nAustin, T™ 86780-7355") == ["4086 Elm Drive, Austin, TX 86780-7355"])
        #expect(values("12 Main Street\nDenver, C0 80202") == ["12 Main Street, Denver, CO 80202"])
        #expect(values("Address\n42 Pine Lane\nSeattle,\nW™ 98101\nCopy") == ["42 Pine Lane, Seattle, WA 98101"])
        #expect(values("42 Pine Lane\nPortland, O® 97201") == ["42 Pine Lane, Portland, OR 97201"])
    }

    @Test func aGarbledStateThatCouldBeTwoIsLeft() {
        // Springfield is a town of Massachusetts and of Missouri; `Nowhere` is no town, and T is TN or TX.
        #expect(values("12 Main Street\nSpringfield, M™ 01101").isEmpty)
        #expect(values("12 Main Street\nNowhere, T™ 73301").isEmpty)
        // No street line of US shape, or no ZIP code after it.
        #expect(values("Meet me at Elm Drive\nAustin, T™ 78701").isEmpty)
        #expect(values("4086 Elm Drive\nAustin, T™ 7870").isEmpty)
    }
}
