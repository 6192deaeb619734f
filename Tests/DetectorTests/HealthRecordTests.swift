import SensitiveDetectors
import Testing

@Suite("Health records: HC1 and shc:/ payloads, record wording")
struct HealthRecordTests {
    static func hc1(_ cose: [UInt8]) -> String { "HC1:" + Base45.encode(Inflate.deflate(cose)) }

    @Test func base45RoundTripsAndMatchesTheRFCExample() {
        #expect(Base45.encode(Array("AB".utf8)) == "BB8")
        #expect(Base45.decode("BB8") == Array("AB".utf8))
        #expect(Base45.decode("GGW") == nil)     // over 0xFFFF
    }

    @Test func anHC1PayloadIsHeldAndDecodedToCOSE() throws {
        let payload = Self.hc1([0xD2, 0x84, 0x4D, 0xA2, 0x01, 0x26] + Array(repeating: 0x41, count: 40))
        #expect(HealthRecordRule.decodesAsCOSE(String(payload.dropFirst(4))))
        let finding = try #require(HealthRecordRule.evaluate(DetectorInput(
            text: "", codes: [.init(format: "QRCode", text: payload, bytes: Array(payload.utf8))])))
        #expect(finding.rule == "health.hc1")
        #expect(finding.reason.contains("COSE all decode"))
        // Even one that does not decode is held.
        let broken = DetectorInput.Code(format: "QRCode", text: "HC1:NOT-BASE45!!", bytes: [])
        #expect(HealthRecordRule.evaluate(DetectorInput(text: "", codes: [broken]))?.rule == "health.hc1")
    }

    @Test func aSmartHealthCardIsHeld() {
        let code = DetectorInput.Code(format: "QRCode", text: "shc:/5676290952432060346029243740", bytes: [])
        #expect(HealthRecordRule.evaluate(DetectorInput(text: "", codes: [code]))?.rule == "health.shc")
    }

    @Test func recordsByWordingAndTheArticleAboutVaccines() {
        let lab = "Lab Results\nPatient: J. Doe\nHemoglobin 13.2 g/dL\nReference range 12.0-15.5\nGlucose 92 mg/dL\nCollected 03/11"
        #expect(HealthRecordRule.evaluate(DetectorInput(text: lab))?.reason.contains("lab results") == true)
        let article = """
            Vaccines have saved millions of lives, and a booster dose each autumn is recommended for older adults by most health agencies this year.
            Researchers compared the certificate schemes of several countries and found that the manufacturer mattered less than the timing of the dose.
            """
        #expect(HealthRecordRule.evaluate(DetectorInput(text: article)) == nil)
    }

    // Seed 6363 through OCR (docs/privacy.md): the article wrapped by the screen into lines under 60 characters.
    @Test func anArticleTheScreenWrappedIntoShortLinesIsNoRecord() {
        let wrapped = """
            Vaccines have saved millions of lives, and a booster dose each
            autumn is recommended for older adults by most health
            agencies this year, researchers say in a new analysis of
            certificate schemes.
            """
        #expect(HealthRecordRule.evaluate(DetectorInput(text: wrapped)) == nil)
        // Seed 8591 through OCR: the same article wrapped at other places, most lines short enough for labels;
        // its sentence goes on in lower case from line to line.
        let shortLines = """
            Vaccines have saved millions of lives,
            and a booster dose each
            autumn is recommended for older adults by most health agencies
            this year,
            researchers say in a new analysis of certificate
            schemes
            """
        #expect(HealthRecordRule.evaluate(DetectorInput(text: shortLines)) == nil)
        let certificate = "Vaccination certificate\nVaccine: Comirnaty\nDose 2 of 2\nLot number FA1234\nAdministered 12.05.2021"
        #expect(HealthRecordRule.evaluate(DetectorInput(text: certificate)) != nil)
        let prescription = "Prescription\nRx Metformin 850 mg\nSig:\ntake 1 tablet twice daily\nQty 30  Refills 2"
        #expect(HealthRecordRule.evaluate(DetectorInput(text: prescription)) != nil)
        let card = "HEALTH INSURANCE\nMember ID LI10851882235\nGroup No 650764\nRx BIN 156976\nRx PCN ADV\nCopay $25"
        #expect(HealthRecordRule.evaluate(DetectorInput(text: card)) != nil)
    }
}
