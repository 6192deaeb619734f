import ObjectRules
import Testing

/// Prices as the recogniser reads them, from the tuning readings of seeds 7990 and 7991 (`PrivacyOCRFigures`,
/// every template, built-in reader; docs/privacy.md, "Figures"): each amount was missed or cut before this repair.
@Suite("Money as OCR reads it: doubled decimal marks, a comma read as a space, a stray cent sign")
struct MoneyOCRRepairTests: FindsObjects {
    func amounts(_ text: String) -> [String] { values(of: "money", in: text) }

    @Test func aDecimalCommaReadWithAPointBesideItIsOneMark() {
        #expect(amounts("SUPERMARKT\n2x Milk 1,98 €\nBread 2,.49 €\nTotal 4,.47 €\nThank you")
                == ["1.98 EUR", "2.49 EUR", "4.47 EUR"])
        #expect(amounts("Total 12.,50 £") == ["12.50 GBP"])
    }

    @Test func aDecimalCommaReadAsASpaceBeforeASignWithoutItsSpaceIsReadBack() {
        #expect(amounts("Cast iron skillet 26 cm\n927 23€\nFree delivery") == ["927.23 EUR"])
        #expect(amounts("Preis 1.299 99€") == ["1299.99 EUR"])
    }

    @Test func aCentSignBeforeTheEuroSignIsDropped() {
        #expect(amounts("Cast iron skillet 26 cm\n511,84¢€\nFree delivery") == ["511.84 EUR"])
    }

    @Test func numbersThatAreNoSplitPriceKeepTheirReading() {
        // The space stays when the sign keeps its own space, or the digits follow a letter or a mark.
        #expect(amounts("Row 12 25 €") == ["25 EUR"])
        #expect(amounts("3B79 30€") == ["30 EUR"])
        #expect(amounts("Version 2.5 30€") == ["30 EUR"])
        // Three digits after the space are a thousands group, and no sign follows a doubled mark in prose.
        #expect(amounts("1 299€") == ["1299 EUR"])
        #expect(amounts("It was 3,.5 km") == [])
    }
}
