import Foundation
import ObjectRules
import Testing

@Suite("Objects: links, e-mail, phones, money, dates, flights, tracking, ISBN, boarding passes")
struct ObjectTests {
    let extractor = ObjectExtractor(book: .builtIn)

    func values(_ kind: String, _ text: String, codes: [String] = [], region: String? = nil) -> [String] {
        ObjectExtractor(book: .builtIn, region: region).objects(text: text, codes: codes).filter { $0.kind == kind }.map(\.value)
    }

    @Test func linksWithAndWithoutSchemeAreNormalised() {
        #expect(values("link", "Read more at HTTPS://Example.COM/a?utm_source=x&id=3.") == ["https://example.com/a?id=3"])
        #expect(values("link", "shop: www.example.de/sale") == ["https://www.example.de/sale"])
        #expect(values("link", "", codes: ["http://example.org:80"]) == ["http://example.org/"])
        #expect(values("link", "write to anna@example.com, version 1.2.3") == [])
    }

    @Test func emailAddresses() {
        #expect(values("email", "Contact: Anna.B@Example.COM") == ["Anna.B@example.com"])
    }

    // Seed 8591 through OCR (docs/privacy.md): a space read after the dot before the top-level domain.
    @Test func anEmailAddressWithASpaceReadAfterItsLastDotIsFound() {
        #expect(values("email", "Yes! I'll bring dessert\nWrite to me at ana.b@example. com") == ["ana.b@example.com"])
        #expect(values("email", "Write to ana.b@example .de today") == ["ana.b@example.de"])
        // Whole addresses before a sentence, a capital after the dot, or no top-level domain stay as they are.
        #expect(values("email", "Mail ana@example.com. it was late") == ["ana@example.com"])
        #expect(values("email", "Ask ana@home. Then call") == [])
        #expect(values("email", "Ask ana@home. later") == [])
    }

    @Test func phonesInE164() {
        #expect(values("phone", "Call +49 30 1234567 or (415) 555-0132") == ["+49301234567", "+14155550132"])
        #expect(values("phone", "Tel. 030 1234567", region: "DE") == ["+49301234567"])
        #expect(values("phone", "Order 030 1234567") == [])      // national, no region known
        #expect(values("phone", "+49 0") == [])
    }

    @Test func moneyInBothConventions() {
        #expect(values("money", "Now $1,299.99 was $1,499") == ["1299.99 USD", "1499 USD"])
        #expect(values("money", "Preis 1.299,99 € inkl. MwSt") == ["1299.99 EUR"])
        #expect(values("money", "CHF 12.50 and 30 GBP") == ["12.50 CHF", "30 GBP"])
    }

    @Test func datesAndTimes() {
        #expect(values("date", "on 2026-12-01, 24.12.2026, 12/31/2026, 3 March 2027 and Jan 5, 2027")
                == ["2026-12-01", "2026-12-24", "2026-12-31", "2027-03-03", "2027-01-05"])
        #expect(values("time", "Doors 7:30 pm, show 20:00") == ["19:30", "20:00"])
    }

    @Test func flightsTrackingAndISBN() {
        #expect(values("flight", "Flight LH 454 to SFO; gate B12") == ["LH454"])
        #expect(values("flight", "Room AB 12") == [])
        #expect(values("tracking", "Sendung RR 123 456 785 DE") == ["RR123456785DE"])
        #expect(values("tracking", "RR123456784DE") == [])
        #expect(values("tracking", "1Z999AA10123456784") == ["1Z999AA10123456784"])
        #expect(values("isbn", "ISBN 978-0-306-40615-7") == ["9780306406157"])
        #expect(values("isbn", "ISBN 978-0-306-40615-8") == [])
        #expect(values("isbn", "ISBN 0-306-40615-2") == ["0306406152"])
    }

    @Test func aBoardingPassBarcodeIsDecoded() throws {
        let bcbp = "M1DESMARAIS/LUC       EABC123 YULFRAAC 0834 326J001A0025 100"
        let pass = try #require(ObjectExtractor(book: .builtIn).objects(text: "", codes: [bcbp]).first { $0.kind == "boardingPass" })
        #expect(pass.fields["from"] == "YUL")
        #expect(pass.fields["to"] == "FRA")
        #expect(pass.fields["flight"] == "AC834")
        #expect(pass.fields["bookingReference"] == "ABC123")
        #expect(pass.fields["seat"] == "1A")
        #expect(pass.fields["dayOfYear"] == "326")
    }
}
