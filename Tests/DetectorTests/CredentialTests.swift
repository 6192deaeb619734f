import SensitiveDetectors
import Testing

@Suite("Credentials: provider keys, private keys, JWTs, 2FA, Wi-Fi codes, recovery phrases, shown passwords")
struct CredentialTests {
    static let jwt = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"

    @Test(arguments: [
        ("export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE", "credential.provider-key"),
        ("token ghp_0123456789abcdefghijABCDEFGHIJ012345", "credential.provider-key"),
        ("STRIPE sk_live_4eC39HqLyjWDarjtT1zdp7dc", "credential.provider-key"),
        ("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA", "credential.private-key"),
        ("Authorization: Bearer \(jwt)", "credential.jwt"),
        ("otpauth://totp/Example:alice@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Example", "credential.otpauth"),
        ("Wi-Fi password: h7#Kq2!xZ", "credential.keyword-entropy"),
        ("1. abandon 2. abandon 3. abandon 4. abandon 5. abandon 6. abandon\n7. abandon 8. abandon 9. abandon 10. abandon 11. abandon 12. about",
         "credential.recovery-phrase"),
    ])
    func held(_ text: String, _ rule: String) {
        #expect(CredentialRule.evaluate(DetectorInput(text: text))?.rule == rule)
    }

    @Test func wifiCodesWithAPasswordOnly() {
        let secured = DetectorInput.Code(format: "QRCode", text: "WIFI:T:WPA;S:Home;P:s3cr3t\\;Pass;;", bytes: [])
        let open = DetectorInput.Code(format: "QRCode", text: "WIFI:T:nopass;S:Cafe;;", bytes: [])
        #expect(CredentialRule.evaluate(DetectorInput(text: "", codes: [secured]))?.rule == "credential.wifi")
        #expect(CredentialRule.evaluate(DetectorInput(text: "", codes: [open])) == nil)
    }

    @Test func wordsOfTheListInProseAreNotAPhrase() {
        // Twelve list words whose checksum verifies, as prose might hold them by chance (a mixed library of
        // generated screenshots had five held this way): neither named a recovery phrase nor numbered.
        let prose = (Array(repeating: "abandon", count: 11) + ["about"]).joined(separator: " ")
        #expect(RecoveryPhrase.find(in: "Today " + prose + " tonight") == nil)
        #expect(CredentialRule.evaluate(DetectorInput(text: prose))?.rule != "credential.recovery-phrase")
        #expect(RecoveryPhrase.find(in: "Your recovery phrase:\n" + prose) == 12)
    }

    @Test func recoveryPhraseChecksum() {
        #expect(RecoveryPhrase.isValid(Array(repeating: "abandon", count: 11) + ["about"]))
        #expect(!RecoveryPhrase.isValid(Array(repeating: "abandon", count: 12)))
        #expect(RecoveryPhrase.isValid(Array(repeating: "zoo", count: 11) + ["wrong"]))
    }

    @Test func hardNegatives() {
        let blog = """
            Why you should never reuse a password
            Choose a strong password: at least twelve characters, and a different password for every site.
            A password manager remembers them for you.
            """
        #expect(CredentialRule.evaluate(DetectorInput(text: blog)) == nil)
        #expect(CredentialRule.evaluate(DetectorInput(text: "Password: ••••••••\nForgot password?")) == nil)
        #expect(CredentialRule.evaluate(DetectorInput(text: "Password: required")) == nil)
        #expect(CredentialRule.evaluate(DetectorInput(text: "ghp_short and AKIA lowercase akiaiosfodnn7example")) == nil)
    }
}

@Suite("Credentials as OCR reads them")
struct CredentialOCRTests {
    // Fresh seeds 8687 and 8688 through OCR (docs/privacy.md): a space read into the token's payload too, and a
    // password whose label stands above it without its colon.
    @Test func aJWTWithASpaceInItsPayloadAndAPasswordBelowItsLabel() {
        let token = "curl -H 'Authorization\nBearer\neyJhbGci0i IJIUZIINiIsInR5cCI61kpXVCI9. eyI zdWIi0ilx658386"
        #expect(CredentialRule.evaluate(DetectorInput(text: token))?.rule == "credential.jwt")
        let wifi = "Wi-Fi\nNetwork: Home-294\nPassword\nzqv!365G0"
        #expect(CredentialRule.evaluate(DetectorInput(text: wifi))?.rule == "credential.keyword-entropy")
        // A label above a masked field, a link or a plain word is no password shown.
        #expect(CredentialRule.evaluate(DetectorInput(text: "Sign in\nEmail\nPassword\n••••••••\nForgot password?")) == nil)
        #expect(CredentialRule.evaluate(DetectorInput(text: "Password\nForgot password?")) == nil)
        #expect(CredentialRule.evaluate(DetectorInput(text: "Change password\nPassword\nRequired")) == nil)
        #expect(CredentialRule.evaluate(DetectorInput(text: "Token\nexpired")) == nil)
    }

    @Test func aJWTWithASpaceInsertedAndAnIReadAsAnL() {
        let text = "curl -H 'Authorization: Bearer\neyJhbGciOiJIUzI1 NilsInR5cCI6IkpXVCJ9.eyJzdWIi0iIx51588736In0.EQ)"
        #expect(CredentialRule.evaluate(DetectorInput(text: text))?.rule == "credential.jwt")
        #expect(CredentialRule.evaluate(DetectorInput(text: "eyJ is how a JSON object starts in base64. eyJ again.")) == nil)
    }
}

extension CredentialOCRTests {
    @Test func aJWTWhoseSignatureOCRLost() {
        let text = "curl -H 'Authorization: Bearer\neyJhbGciOiJIUzI1 NilsInR5cCI6IkpXVCJ9.eyJzdWIiOiIx73416651In"
        #expect(CredentialRule.evaluate(DetectorInput(text: text))?.rule == "credential.jwt")
    }
}
