import SensitiveDetectors
import Testing

/// Credential screenshots as the recogniser read them on a tuning seed (404) of the generator: each was missed
/// before these repairs.
@Suite("Credentials as OCR reads them: private-key markers without their dashes, list words misread")
struct CredentialOCRRepairTests {
    func rule(_ text: String) -> String? { CredentialRule.evaluate(DetectorInput(text: text))?.rule }

    @Test func aPrivateKeyBlockWhoseBeginLineWasLost() {
        #expect(rule("MIIEpAIBAAKCAQEAKMENCXXTHEOSVSAQOARZWKBFPLRBGL\n-----END RSA PRIVATE KEY-----") == "credential.private-key")
        #expect(rule("BEGIN RSA PRIVATE KEY-----\nMIIEpPAIBAAKCAQEAKLLEXNWKROCFQFWLSMQEVHUEWXSDPV\nEND RSA PRIVATE KEY--")
                == "credential.private-key")
    }

    @Test func prosAboutPrivateKeysIsNoKey() {
        #expect(rule("Never share your private key. A PEM file starts with BEGIN RSA PRIVATE KEY and ends with END.") == nil)
    }

    @Test func aRecoveryPhraseWhoseWordsTheRecogniserRepeatedOrReadAsDigits() {
        let read = "Recovery phrase\nWrite these words down\n" + Array(repeating: "ZOoOo", count: 8).joined(separator: "\n")
            + "\n. ZOO\n10. zoo\n11. Z0O\n12. wrong\n:"
        #expect(rule(read) == "credential.recovery-phrase")
    }

    @Test func misreadListWordsStillNeedTheChecksumAndTheContext() {
        // Twelve repaired words failing the checksum, and the same words with no context: no phrase.
        let failing = "Recovery phrase\n" + Array(repeating: "Z0O", count: 12).joined(separator: "\n")
        #expect(rule(failing) == nil)
        let prose = Array(repeating: "ZOoOo", count: 11).joined(separator: " ") + " wrong"
        #expect(rule(prose) == nil)
    }
}
