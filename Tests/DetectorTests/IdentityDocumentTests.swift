import Foundation
import SensitiveDetectors
import Testing

@Suite("Identity documents: ICAO 9303 zones with every check digit, OCR repair, licences and document pages")
struct IdentityDocumentTests {
    static let td3 = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408122F1204159ZE184226B<<<<<10"]
    static let td2 = ["I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "D231458907UTO7408122F1204159<<<<<<<6"]
    static let td1 = ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"]

    @Test func checkDigitOfTheSpecimen() {
        #expect(MRZ.checkDigit("L898902C3") == 6)
        #expect(MRZ.checkDigit("740812") == 2)
        #expect(MRZ.checkDigit("120415") == 9)
    }

    @Test(arguments: [(td3, MRZ.Format.td3), (td2, .td2), (td1, .td1)])
    func everyFormatIsFound(_ lines: [String], _ format: MRZ.Format) throws {
        let zone = try #require(MRZ.find(in: ["REPUBLIC OF UTOPIA"] + lines))
        #expect(zone.format == format)
        #expect(!zone.repaired)
    }

    @Test func ocrSwapsAreRepairedBeforeChecking() throws {
        // O for 0 in the birth date, I for 1 in the expiry, spaces and a guillemet as OCR gives them.
        let lines = [Self.td3[0].replacingOccurrences(of: "<<ANNA", with: "«ANNA"),
                     "L898902C36UTO74O8122F I2O4159ZE184226B<<<<<10"]
        let zone = try #require(MRZ.find(in: lines))
        #expect(zone.format == .td3)
        #expect(zone.repaired)
    }

    @Test func aZoneWithAWrongCheckDigitIsNotOne() {
        #expect(MRZ.find(in: ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C36UTO7408123F1204159ZE184226B<<<<<10"]) == nil)
    }

    @Test func documentPagesLicencesAndTheArticleAboutPassports() {
        #expect(IdentityDocumentRule.evaluate(DetectorInput(text: Self.td3.joined(separator: "\n")))?.rule == "identity.mrz")
        let page = "PASSPORT\nSurname\nERIKSSON\nGiven names\nANNA MARIA\nNationality\nUTOPIAN\nDate of birth\n12 AUG 1974"
        #expect(IdentityDocumentRule.evaluate(DetectorInput(text: page))?.rule == "identity.wording")
        let aamva = DetectorInput.Code(format: "PDF417", text: "@\n\u{1e}\rANSI 636014040002DL00410278ZC03190008DLDAQD1234567\nDCSPUBLIC\n", bytes: [])
        #expect(IdentityDocumentRule.evaluate(DetectorInput(text: "", codes: [aamva]))?.rule == "identity.aamva")
        let article = """
            How to renew your passport before a summer trip
            Passport offices are busy in spring, so plan ahead. You will need a recent photo and your old passport, and the form asks for your date of birth and nationality as they appear on it.
            Processing takes six to ten weeks; expedited service costs extra and the fee is paid online when you book.
            """
        #expect(IdentityDocumentRule.evaluate(DetectorInput(text: article)) == nil)
    }
}

@Suite("Identity zones as OCR reads them")
struct MRZOCRTests {
    @Test func fillersReadAsLettersAStrayMarkAndAFillerLostAreRepaired() throws {
        // As the recogniser read a rendered TD3 zone (PrivacyOCRFigures, seed 101): fillers as "c", a trailing
        // "§", a filler run one short. The zone is the specimen's, so its check digits are known good.
        let lines = ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<cccccc<c<",
                     "L898902C36UTO7408122F1204159ZE184226B<<<<10§"]
        let zone = try #require(MRZ.find(in: lines))
        #expect(zone.format == .td3)
    }
}

extension MRZOCRTests {
    @Test func aPersonalNumberRepairedForItsCheckIsRepairedInTheCompositeToo() throws {
        // Read from a rendered zone (PrivacyOCRFigures, seed 101): `1` read as `l` in the personal number, a space,
        // a stray mark, one filler too many.
        let lines = ["P<FRAERIKSSON<<SOPHIE<<<<<<<<<<<<<<<<cccccc<c<", "PX7430807 1FRA5603059F3304259531l<<<<<<<<<<<56§"]
        #expect(MRZ.find(in: lines)?.format == .td3)
    }
}

extension MRZOCRTests {
    @Test func aTD2WhoseFirstLineGrewFillersAndWhoseCompositeWasLost() throws {
        // Read from a rendered TD2 zone (PrivacyOCRFigures, seed 202): fillers as "c" and "e", four too many on the
        // first line, the composite check digit read as "§".
        let zone = try #require(MRZ.find(in: ["I<UTOMUELLER<<LUCIA<<<<<<<<ccecececcecc<", "JN21505595UTO5505050F3304156<<<<<<<§"]))
        #expect(zone.format == .td2 && zone.partial)
    }
}
