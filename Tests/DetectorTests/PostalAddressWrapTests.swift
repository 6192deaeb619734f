import Foundation
@testable import ObjectRules
import Testing

/// Addresses the screen or the built-in recogniser broke up (docs/privacy.md, 2026-12-02 fourth session): a German
/// house number wrapped onto the line below its street, a house number split twice, a lower-case street suffix
/// before a US unit, a US state wrapped to its own line with a sign read into it. The readings quoted are the
/// tuning seeds' (7806-7810) and the seen seed 7981's.
@Suite("Postal addresses read back: house numbers wrapped or split, a suffix before a unit, a wrapped state")
struct PostalAddressWrapTests: ReadsAddresses {
    @Test func aHouseNumberWrappedOntoTheNextLineJoinsItsStreet() {
        // Seed 7981: the one-line address wrapped after its street.
        #expect(values("Order confirmed\nDelivery address: Bahnhofstr.\n157, 34682 Dresden\nArriving Thursday")
                == ["Bahnhofstr. 157, 34682 Dresden"])
        // As seed 7981 read it: the abbreviation's dot lost as well (German writes `Str.` with one).
        #expect(values("Directions\nHarbor Bakery\nBahnhofstr\n157, 34682 Dresden\nOpen now")
                == ["Bahnhofstr. 157, 34682 Dresden"])
        #expect(values("Hauptstr 7\n80331 München") == ["Hauptstr. 7, 80331 München"])
        // The two-line address with its number on a line of its own.
        #expect(values("Address\nBahnhofstr.\n93\n34682 Dresden\nCopy Share") == ["Bahnhofstr. 93, 34682 Dresden"])
        // A number line below words that make no German address with it is no address.
        #expect(values("Activity\n12345 steps\n7 km walked").isEmpty)
        #expect(values("Row B\n12\nGate B7 Doors 19:30").isEmpty)
    }

    @Test func aHouseNumberSplitTwiceIsJoined() {
        #expect(values("Unter den Linden 1 1 1\n10117 Berlin") == ["Unter den Linden 111, 10117 Berlin"])
        #expect(values("Gartenweg 1 2 3a\n80331 München") == ["Gartenweg 123a, 80331 München"])
        // Seven digits are no house number.
        #expect(values("Gartenweg 12 345 678\n80331 München").isEmpty)
    }

    @Test func aLowerCaseSuffixBeforeAUnitIsWrittenAsItsSuffix() {
        #expect(values("4521 Market st Suite 267\nSeattle, WA 98101") == ["4521 Market St Suite 267, Seattle, WA 98101"])
        #expect(values("12 Elm dr, Apt 4B\nDenver, CO 80202") == ["12 Elm Dr, Apt 4B, Denver, CO 80202"])
        // A word that is no suffix stays, and so is no street.
        #expect(values("4521 Market sq Suite 267\nSeattle, WA 98101") == ["4521 Market Sq Suite 267, Seattle, WA 98101"])
        #expect(values("4521 Market hall Suite 267\nSeattle, WA 98101").isEmpty)
    }

    @Test func aStateWrappedToItsOwnLineWithASignReadIntoItIsReadBack() {
        // Tuning seed 7806: `TX` read `T™X` on the line below its town.
        #expect(values("Jane Doe\n5075 Elm Drive\nAustin,\nT™X 59790\nMobile") == ["5075 Elm Drive, Austin, TX 59790"])
        // Two signs, or a sign with letters that leave no state, are left.
        #expect(values("5075 Elm Drive\nAustin, T™™ 59790").isEmpty)
        #expect(values("5075 Elm Drive\nAustin, Q™Q 59790").isEmpty)
    }
}
