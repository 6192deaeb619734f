import SensitiveDetectors
import Testing

/// Credential screenshots as the recogniser read them on tuning seeds (404, then 606) of the generator: each was
/// missed before these repairs.
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

    @Test func aJWTWhosePayloadPrefixWasMisread() {
        #expect(rule("curl -H 'Authorization: Bearer\neyJhbGciOiJIUZILNilsInR5cCI6IkpXVCJ9.eyIZdWIIOiIIx014374571In0.BHHJYEDM")
                == "credential.jwt")
        #expect(rule("eyJhbGci0iJIUZIINiIsInR5cC1I6IkpXVCI9. eyIzdWIi0i1x672595381In0. TCZULPYAAUXBC") == "credential.jwt")
        #expect(rule("The string eyJustAWord.andAnotherWord is no token") == nil)
    }

    @Test func aRecoveryPhraseWhoseNumberWasMisread() {
        let read = "Recovery phrase\nWrite these words down\n" + (1...10).map { "\($0). zoo" }.joined(separator: "\n")
            + "\n1l. zoo\n12. wrong"
        #expect(rule(read) == "credential.recovery-phrase")
    }

    @Test func aPrivateKeyMarkerWithKeyMisread() {
        #expect(rule("-----BEGIN RSA PRIVATE KEVY-----\nMIIEpPAIBAAKCAQEAQWTRHRWXCXUPJHSXRLCMDBPBHFAVDF\n-----END RSA PRIVATE KEVY-----")
                == "credential.private-key")
    }

    @Test func aProviderKeySplitInTwoByTheRecogniser() {
        #expect(rule("Settings > API\nYour secret key\nAIzaYZBJGENFAPCPNJ PWGPNB676954652119179\nCopy")
                == "credential.provider-key")
        #expect(rule("AIza is how Google keys start; this one is AIzaSHORT 123") == nil)
    }
}

extension CredentialOCRRepairTests {
    @Test func aGoogleKeyWhosePrefixWasReadWithAnL() {
        // Read so on seed 707 (PrivacyOCRFigures --only credential): `AIza` as `Alza`.
        #expect(rule("Settings > API\nYour secret key\nAlzaJUUFTLNPZMITDJACDWJE148100311570875\nCopy")
                == "credential.provider-key")
        // The prefix alone, or a word like it, is no key.
        #expect(rule("Alza is a shop; order AlzaBOX 12") == nil)
        #expect(rule("alzaJUUFTLNPZMITDJACDWJE148100311570875") == nil)
    }

    // Seed 9090 through Tesseract's own recognition: the `o` of `xoxb-` read as `0O`.
    @Test func aSlackTokenWhosePrefixWasMisread() {
        #expect(rule("Settings > API\nYour secret key\nx0Oxb-284019375562-qhdkzmwpteuvyrsa\nCopy") == "credential.provider-key")
        #expect(rule("Your secret key\nxOxb-284019375562-qhdkzmwpteuvyrsa") == "credential.provider-key")
        // The same letters in a word, or too short to be a token: no key.
        #expect(rule("The x0Oxb- prefix is what a bot token starts with") == nil)
        #expect(rule("Press x0xa-12 to continue") == nil)
    }

    // Seed 9090 through the built-in recogniser: a Stripe key's underscores read as spaces.
    @Test func aStripeKeyWhoseUnderscoresWereReadAsSpaces() {
        #expect(rule("Settings > API\nYour secret key\nsk live DOCWPMMUGELL632191835739\nCopy") == "credential.provider-key")
        #expect(rule("Ask live questions in the forum") == nil)
    }
}
