import ObjectRules
import Testing

/// Addresses as the recogniser read them on seeds 9090 and 2222 (docs/privacy.md, "Figures") and on the tuning seeds
/// 4040 and 4141: a US state in lower case on a line of its own, `ß` read in two halves, a house number split by a
/// space. Each was missed or misspelt before these repairs.
@Suite("Postal addresses as OCR reads them: split house numbers, lower-case states, ß in two halves")
struct PostalAddressLineRepairTests: ReadsAddresses {
    @Test func aUSStateReadInLowerCaseBeforeItsZIPCodeIsItsAbbreviation() {
        #expect(values("Jane Doe\n6365 Elm Drive\nDenver, co 18494\nMobile") == ["6365 Elm Drive, Denver, CO 18494"])
        #expect(values("Ship to:\n12 Main Street\nSpringfield, Il 62701") == ["12 Main Street, Springfield, IL 62701"])
    }

    @Test func aLocalityLineWrappedAfterItsTownIsJoined() {
        #expect(values("Address\n6365 Elm Drive\nDenver,\nco 18494\nCopy  Share") == ["6365 Elm Drive, Denver, CO 18494"])
        #expect(values("Address\n42 Pine Lane\nPortland,\nOR 97201\nCopy") == ["42 Pine Lane, Portland, OR 97201"])
    }

    @Test func aLowerCaseWordThatIsNoStateOrHasNoStreetStaysNoAddress() {
        #expect(values("6365 Elm Drive\nDenver, xq 18494").isEmpty)
        #expect(values("Meet me at Elm Drive at 7\nDenver, co 18494").isEmpty)
        #expect(values("Activity\nDenver,\nco 18494 steps").isEmpty)
    }

    @Test func anEszettReadInTwoHalvesInAStreetWordIsReadBack() {
        #expect(values("Schillerstrafge 12\n10117 Berlin") == ["Schillerstraße 12, 10117 Berlin"])
        // Seeds 8687 and 7979 through OCR: the `ß` read as `gk` or `kg`.
        #expect(values("Jane Doe\nSchillerstragke 177\n83608 Hamburg\nMobile") == ["Schillerstraße 177, 83608 Hamburg"])
        #expect(values("Schillerstrakge 5\n10117 Berlin") == ["Schillerstraße 5, 10117 Berlin"])
        #expect(values("Address\nHauptstraf3e 7a\n80331 München") == ["Hauptstraße 7a, 80331 München"])
        // Or not read at all (seed 4141).
        #expect(values("Delivery address: Hauptstrae 24, 94794 Berlin") == ["Hauptstraße 24, 94794 Berlin"])
        // Only `f` and a look-alike of `ß`'s other half: `Strasse` keeps its letters.
        #expect(values("Lindenstrasse 3\n04109 Leipzig") == ["Lindenstrasse 3, 04109 Leipzig"])
    }

    @Test func aHouseNumberSplitByASpaceIsJoined() {
        #expect(values("Jane Doe\n1 1 Main Street\nAustin, TX 73301") == ["11 Main Street, Austin, TX 73301"])
        #expect(values("1 14 Baker Street\nLondon NW1 6XE") == ["114 Baker Street, London NW1 6XE"])
        #expect(values("Flat 3, 2 5 Mill Close\nBath BA1 5TT") == ["Flat 3, 25 Mill Close, Bath BA1 5TT"])
        #expect(values("1 2 bis rue de la Paix\n75008 Paris") == ["12 bis rue de la Paix, 75008 Paris"])
        #expect(values("Hauptstraße 1 2\n10117 Berlin") == ["Hauptstraße 12, 10117 Berlin"])
        // An ordinal keeps its number apart, and a unit number is no house number.
        #expect(values("10 1st Street\nNew York, NY 10001") == ["10 1st Street, New York, NY 10001"])
        #expect(values("12 Main St Apt 4 5\nSpringfield, IL 62701").isEmpty)
    }

    @Test func aFrenchStreetTypeReadWithoutItsAccentIsSpeltAsFrenchDoes() {
        #expect(values("Address\n3 allee des Tilleuls\n69001 Lyon") == ["3 allée des Tilleuls, 69001 Lyon"])
        #expect(values("12 bis Allee Verte\n59000 Lille") == ["12 bis Allée Verte, 59000 Lille"])
        // The name after the type is read back by the French word list (`PostalAddressReadBackTests`).
        #expect(values("8 place de la Republique\n75003 Paris") == ["8 place de la République, 75003 Paris"])
    }

    @Test func aGermanTownsUmlautReadAsAnAccentGermanDoesNotWriteIsReadBack() {
        // Seed 4141: `Kéln`.
        #expect(values("Delivery address: Gartenweg 25, 55028 Kéln") == ["Gartenweg 25, 55028 Köln"])
        // An `ü` read without its dots (seed 5252: `Minchen`); a town read right keeps its `i` (`Kiel`, `Fürth`).
        #expect(values("Schillerstrake 71, 13967 Minchen") == ["Schillerstraße 71, 13967 München"])
        #expect(values("Gartenweg 2\n24103 Kiel") == ["Gartenweg 2, 24103 Kiel"])
        // A town that is no German town keeps its letters, and so does a French one.
        #expect(values("Gartenweg 25\n55028 Kéxyz") == ["Gartenweg 25, 55028 Kéxyz"])
        #expect(values("3 rue de la Paix\n69001 Lyon") == ["3 rue de la Paix, 69001 Lyon"])
    }
}
