import SensitiveDetectors
import Testing

/// The number with a Luhn check digit appended.
func luhnCompleted(_ body: String) -> String {
    (0...9).map { body + String($0) }.first { Luhn.isValid($0) }!
}

@Suite("Payment cards: Luhn, network ranges and lengths, context; IBAN mod-97")
struct PaymentCardTests {
    @Test func luhnAcceptsTestCardsAndRejectsOneDigitOff() {
        #expect(Luhn.isValid("4111 1111 1111 1111"))
        #expect(Luhn.isValid("378282246310005"))
        #expect(!Luhn.isValid("4111 1111 1111 1112"))
    }

    @Test func networksByPrefixAndLength() {
        #expect(CardNetwork.network(of: "4111111111111111".compactMap(\.wholeNumberValue))?.name == "Visa")
        #expect(CardNetwork.network(of: "5555555555554444".compactMap(\.wholeNumberValue))?.name == "Mastercard")
        #expect(CardNetwork.network(of: "2223003122003222".compactMap(\.wholeNumberValue))?.name == "Mastercard")
        #expect(CardNetwork.network(of: "378282246310005".compactMap(\.wholeNumberValue))?.name == "American Express")
        #expect(CardNetwork.network(of: "37828224631000".compactMap(\.wholeNumberValue)) == nil)   // Amex is 15 long
    }

    @Test func givenACardWithExpiry_thenItIsHeldAndTheReasonHasNoDigitsOfIt() throws {
        let finding = try #require(PaymentCardRule.evaluate(DetectorInput(text: """
            JANE Q CARDHOLDER
            4111 1111 1111 1111
            VALID THRU 09/28
            """)))
        #expect(finding.category == .paymentCard)
        #expect(finding.reason.contains("16 digits passing Luhn in a Visa range"))
        #expect(finding.reason.contains("expiry date"))
        #expect(!finding.reason.contains("1111"))
    }

    @Test func givenAnAmexOnACheckoutPage_thenItIsHeld() {
        #expect(PaymentCardRule.evaluate(DetectorInput(text: "Card number\n3782 822463 10005\nCVC 1234")) != nil)
    }

    @Test func hardNegatives() {
        // A receipt with the last four digits only.
        #expect(PaymentCardRule.evaluate(DetectorInput(text: "VISA **** **** **** 4242\nTOTAL 23.10 EUR\nAPPROVED")) == nil)
        // An IMEI that passes Luhn and starts like a Visa number.
        #expect(PaymentCardRule.evaluate(DetectorInput(text: "About phone\nIMEI\n490154203237518\nSerial number R58M")) == nil)
        // A tracking number and an order id that pass Luhn.
        let tracking = luhnCompleted("400012345678901")
        #expect(PaymentCardRule.evaluate(DetectorInput(text: "Your parcel is on its way\nTracking number: \(tracking)")) == nil)
        let order = luhnCompleted("512345678901234")
        #expect(PaymentCardRule.evaluate(DetectorInput(text: "Thanks for your order!\nOrder \(order)\nShipping to Berlin")) == nil)
        // A number failing Luhn with no card label (a labelled one with an expiry is held: see PaymentCardOCRTests).
        #expect(PaymentCardRule.evaluate(DetectorInput(text: "Ticket 4111 1111 1111 1112\nSeat 12 exp 09/28")) == nil)
    }

    @Test func ibanMod97() {
        #expect(IBANRule.isValid("DE89370400440532013000"))
        #expect(IBANRule.isValid("GB82WEST12345698765432"))
        #expect(!IBANRule.isValid("DE89370400440532013001"))
        #expect(IBANRule.evaluate(DetectorInput(text: "IBAN: DE89 3704 0044 0532 0130 00\nBIC COBADEFFXXX")) != nil)
        #expect(IBANRule.evaluate(DetectorInput(text: "Ref DE12 3456 7890 1234 5678 90")) == nil)
    }
}

@Suite("Payment cards as OCR reads them")
struct PaymentCardOCRTests {
    @Test func aDigitOCRAddedIsDroppedWhenTheCardHasAnExpiry() throws {
        // "4111 1111 1111 1111" as the recogniser read it from a rendered screenshot (CLIPrivacyTests).
        let finding = try #require(PaymentCardRule.evaluate(DetectorInput(
            text: "Payment method\nCard number\n41111111111141111\nVALID THRU 09/28\nJANE CARDHOLDER")))
        #expect(finding.rule == "card.luhn")
        #expect(finding.reason.contains("after dropping one digit OCR added"))
        // Without an expiry or security code, a long number is not repaired into a card.
        #expect(PaymentCardRule.evaluate(DetectorInput(text: "Reference\n41111111111141111")) == nil)
    }

    @Test func aLabelledNumberWithAnExpiryIsHeldEvenWhenItsDigitsAreLost() throws {
        let finding = try #require(PaymentCardRule.evaluate(DetectorInput(text: "Card number\n4111 1711 1111 1181\nExp 09/28")))
        #expect(finding.category == .paymentCard)
        #expect(PaymentCardRule.evaluate(DetectorInput(text: "Order number\n4111 1711 1111 1181\nShipped 09/28")) == nil)
    }
}
