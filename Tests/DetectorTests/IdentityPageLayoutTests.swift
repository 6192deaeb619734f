import Foundation
import PrivacyFixtures
import SensitiveDetectors
import Testing

/// Identity documents with no legible machine-readable zone: the data page of a passport and identity cards in
/// their own languages, a header cut off, labels as OCR misreads them; and what names the same things without
/// being a document (a passenger form to fill in, articles, a booking). The generated cases use the tests' seed
/// (1), which no figure uses.
@Suite("Identity documents without a zone: titles, labels and values in several languages, as OCR reads them")
struct IdentityPageLayoutTests: HoldsIdentityDocuments {
    @Test func everyGeneratedDocumentIsHeldAndNoHardNegative() {
        let captures = IdentityPageGenerator.captures(seed: 1, count: 60)
        for capture in captures where capture.sensitive != nil {
            #expect(held(capture.text) != nil, "\(capture.name):\n\(capture.text)")
        }
        for capture in captures where capture.nearCategory != nil {
            #expect(SensitiveDetectors.evaluate(DetectorInput(text: capture.text)) == nil, "\(capture.name):\n\(capture.text)")
        }
    }

    @Test func labelsAndTitlesALetterOffAreRead() {
        let page = """
            PASSP0RT
            Surnamc
            ERIKSSON
            Given nanes
            ANNA MARIA
            Nationallty
            UTOPIAN
            Date of blrth
            12 AUG 1974
            """
        #expect(held(page) == "identity.wording")
        // The only value a date whose digits were read as look-alike letters.
        #expect(held("PERSONALAUSWEIS\nName MUELLER\nVornamen LENA\nGeburtsdatum l2.O8.I974\nStaatsangehörigkeit DEUTSCH")
                == "identity.wording")
    }

    @Test func aCardWithoutItsHeaderIsHeldByItsFieldsAndValues() {
        let dni = """
            APELLIDOS
            GARCIA LOPEZ
            NOMBRE
            LUCIA
            SEXO NACIONALIDAD
            F ESP
            FECHA DE NACIMIENTO
            12 08 1983
            NUM SOPORTE
            BAK123456
            """
        #expect(held(dni) == "identity.layout")
        let cie = """
            COGNOME / SURNAME
            ROSSI
            NOME / NAME
            GIULIA
            LUOGO E DATA DI NASCITA / PLACE AND DATE OF BIRTH
            ROMA 12.08.1983
            SESSO / SEX F
            SCADENZA / EXPIRY 01.02.2031
            CA1234567
            """
        #expect(held(cie) == "identity.layout")
    }

    @Test func aPassengerFormArticlesAndABookingAreNotDocuments() {
        // The labels of a passport, with no value: a form to fill in (held before this rule asked for values).
        let form = """
            Passenger details
            Title
            First name
            Last name
            Date of birth
            DD/MM/YYYY
            Nationality
            Select
            Passport number (optional)
            Passport expiry date
            Continue
            """
        #expect(held(form) == nil)
        let visa = """
            Visa requirements for Utopia
            Citizens of the EU need a passport valid for six months after arrival.
            The visa form asks for your surname, nationality, date of birth and place of birth: 12.08.1983, AB1234567.
            Apply online
            """
        #expect(held(visa) == nil)
        let booking = """
            Booking confirmed
            Booking reference QXPTLA
            Passenger
            LUCIA GARCIA
            Flight LH 1234
            Departure 12 AUG 2026 07:35
            Passport required for this trip
            """
        #expect(held(booking) == nil)
        // Guides the screen wrapped into short lines, as the recogniser read them (tuning seed 4040).
        let guides = [
            "How to renew your passport\nPassport offices are busy in spring, so plan ahead: you will need a recent photo, your old\npassport and the form, which asks for your surname, given names, date of birth and\nnationality.\nProcessing takes six to ten weeks.",
            "Personalausweis beantragen\nSie brauchen ein biometrisches Passfoto und Ihren alten Ausweis.\nName, Vornamen, Geburtsdatum und Staatsangehdrigkeit werden aus\ndem Register Ubernommen.\nDie Gebithr betragt 37 Euro.",
        ]
        for guide in guides { #expect(held(guide) == nil) }
        // Fields and a date but no document number, and no title.
        #expect(held("Surname\nSMITH\nGiven names\nJOHN\nDate of birth\n12.08.1983\nNationality\nBRITISH") == nil)
    }
}
