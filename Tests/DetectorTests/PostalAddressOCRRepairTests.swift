import ObjectRules
import Testing

@Suite("Postal addresses as OCR reads them: postcode look-alikes, lower-case suffixes, umlauts read back")
struct PostalAddressOCRRepairTests: ReadsAddresses {
    @Test func lookAlikeLettersInAPostcodeAreReadAsItsDigits() {
        #expect(values("Hauptstraße 5a\n8O331 München") == ["Hauptstraße 5a, 80331 München"])
        #expect(values("55 rue de la Paix\n75OO8 Paris") == ["55 rue de la Paix, 75008 Paris"])
        #expect(values("12 Main Street\nSpringfield, IL 627O1") == ["12 Main Street, Springfield, IL 62701"])
        #expect(values("12 Main Street\nSpringfield, IL 62701-OO42") == ["12 Main Street, Springfield, IL 62701-0042"])
        // A UK postcode by the places of its shape: letters, a digit, then the inward code's digit.
        #expect(values("10 Baker Street\nLondon NWl 6XE") == ["10 Baker Street, London NW1 6XE"])
        #expect(values("10 Baker Street\nLondon SW1A ZAA") == ["10 Baker Street, London SW1A 2AA"])
        #expect(values("4 Mill Close\nLondon W1D 3QF") == ["4 Mill Close, London W1D 3QF"])
        // A capital read twice (seed 606 through OCR: `London CcB2 8FH`).
        #expect(values("163 Victoria Road\nLondon CcB2 8FH") == ["163 Victoria Road, London CB2 8FH"])
        // A capital read in lower case (seed 7070: `Bath Ox1 3UQ`).
        #expect(values("Delivery address: 65 Victoria Road, Bath Ox1 3UQ") == ["65 Victoria Road, Bath OX1 3UQ"])
    }

    @Test func aStreetSuffixReadInLowerCaseIsWrittenAsItsSuffix() {
        #expect(values("9216 Maple ct\nDenver, CO 80202") == ["9216 Maple Ct, Denver, CO 80202"])
        #expect(values("42 Church lane\nBath BA1 5TT") == ["42 Church Lane, Bath BA1 5TT"])
    }

    @Test func germanUmlautsReadAsTwoLettersOrADigitAreReadBack() {
        #expect(values("Gartenweg 12\n80331 Miinchen") == ["Gartenweg 12, 80331 München"])
        #expect(values("Am Rathaus 3\n50667 K6ln") == ["Am Rathaus 3, 50667 Köln"])
        #expect(values("LindenstraRBe 8\n04109 Leipzig") == ["Lindenstraße 8, 04109 Leipzig"])
        // `Strande` is a word, and a French town keeps its letters.
        #expect(values("Am Strande 3\n18055 Rostock") == ["Am Strande 3, 18055 Rostock"])
    }

    @Test func aPostcodeOrAStreetAloneIsStillNoAddress() {
        #expect(values("Enter a postcode like SW1A ZAA\nSearch").isEmpty)
        #expect(values("Order 8O331 shipped\nInvoice 12345 Paid").isEmpty)
        #expect(values("Meet me at Maple ct at 7\n12 people going").isEmpty)
        #expect(values("Row B Seat 12\nGate B7 Doors 19:30").isEmpty)
        #expect(values("Activity\nl2O45 steps\n7 km walked").isEmpty)
    }
}
