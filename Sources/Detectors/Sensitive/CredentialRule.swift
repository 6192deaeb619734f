import Foundation

/// Credentials: provider-prefixed keys and tokens, private-key blocks, JWTs, `otpauth://` 2FA secrets, Wi-Fi QR
/// codes with a password, BIP-39 recovery phrases (checksum verified), and a password or secret shown after its
/// keyword ("Password: h7#Kq2!x", or on the line below it), counted only when the value looks like one (entropy, mixed characters) and is
/// not masked. A post that says "choose a strong password" has the keyword but no value.
public enum CredentialRule {
    /// The BEGIN or the END line of a private-key block, with dashes on at least one side: OCR often loses the
    /// dashes at a line's start (or the whole first line, rendered against the edge), rarely both marker lines;
    /// `KEY` may be misread (`KEVY`).
    static let privateKey = try! NSRegularExpression(
        pattern: #"-{2,}\s?(?:BEGIN|END) (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE K[A-Z]{1,3}(?: BLOCK)?"#
            + #"|(?:BEGIN|END) (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE K[A-Z]{1,3}(?: BLOCK)?\s?-{2,}"#)
    /// Header and payload (the signature may be missing: unsigned, or lost by OCR at a line's end).
    /// The payload's own `eyJ` is not required: OCR reads its `J` as `I` or `Z` (`eyIzdWIi`); the header must
    /// still decode, or start, as a JWT header does (`isJWTHeader`). The payload may have one space read into it
    /// too (`eyI zdWIi0ilx658386`, seed 8687).
    static let jwt = try! NSRegularExpression(
        pattern: #"\beyJ[A-Za-z0-9_\- ]{8,}\.\s?(?=(?: ?[A-Za-z0-9_\-]){8})[A-Za-z0-9_\-]+(?: [A-Za-z0-9_\-]+)?"#)
    /// The keywords a secret is shown after.
    static let keywords = #"password|passwort|passwd|pwd|mot de passe|contraseña|senha|secret|api[_ \-]?key|access[_ \-]?key|token|client[_ \-]?secret|pin code|wi-?fi key|network key"#
    static let keywordValue = try! NSRegularExpression(
        pattern: #"(?i)\b("# + keywords + #")\b\s*[:=]\s*["']?([^\s"']{6,128})"#)
    /// A keyword alone on its line (its colon read or not) and the value alone on the next: a screen that lays the
    /// label above its field (`Password` / `zqv!365G0`, seed 8688 through OCR).
    static let keywordAboveValue = try! NSRegularExpression(
        pattern: #"(?im)^[ \t]*("# + keywords + #")[ \t]*[:=]?[ \t]*\n[ \t]*["']?([^\s"']{6,128})["']?[ \t]*$"#)

    public static func evaluate(_ input: DetectorInput) -> SensitiveFinding? {
        let texts = [input.text] + input.codes.compactMap(\.text)
        for text in texts {
            if let shape = ProviderKeys.find(in: text) {
                return finding("credential.provider-key", "credential: a \(shape.provider) \(shape.kind), recognised by its prefix and shape")
            }
            let range = NSRange(text.startIndex..., in: text)
            if privateKey.firstMatch(in: text, range: range) != nil {
                return finding("credential.private-key", "credential: a private-key block (BEGIN/END ... PRIVATE KEY)")
            }
            if let match = jwt.firstMatch(in: text, range: range),
               isJWTHeader((text as NSString).substring(with: match.range)) {
                return finding("credential.jwt", "credential: a JSON Web Token whose header decodes with an \"alg\"")
            }
            if text.range(of: "otpauth://", options: .caseInsensitive) != nil
                || text.range(of: "otpauth-migration://", options: .caseInsensitive) != nil {
                return finding("credential.otpauth", "credential: an otpauth:// two-factor secret")
            }
        }
        for code in input.codes {
            guard let text = code.text, text.uppercased().hasPrefix("WIFI:") else { continue }
            if let password = wifiField(text, "P"), !password.isEmpty, wifiField(text, "T")?.lowercased() != "nopass" {
                return finding("credential.wifi", "credential: a Wi-Fi \(code.format) code carrying the network's password")
            }
        }
        if let words = RecoveryPhrase.find(in: input.text) {
            return finding("credential.recovery-phrase",
                           "credential: a \(words)-word BIP-39 recovery phrase whose checksum verifies")
        }
        let range = NSRange(input.text.startIndex..., in: input.text)
        let shown = keywordValue.matches(in: input.text, range: range)
            + keywordAboveValue.matches(in: input.text, range: range)
        for match in shown {
            let keyword = (input.text as NSString).substring(with: match.range(at: 1)).lowercased()
            let value = (input.text as NSString).substring(with: match.range(at: 2))
            if looksLikeSecret(value) {
                return finding("credential.keyword-entropy",
                               "credential: a value of \(value.count) characters shown after \"\(keyword)\", "
                                   + String(format: "%.1f", entropy(value)) + " bits a character")
            }
        }
        return nil
    }

    static func finding(_ rule: String, _ reason: String) -> SensitiveFinding {
        SensitiveFinding(category: .credential, rule: rule, reason: reason)
    }

    /// Whether a value after a keyword looks like a secret: not masked, not a plain word, varied characters.
    static func looksLikeSecret(_ value: String) -> Bool {
        let masked = value.allSatisfy { "•*●·.xX_-".contains($0) }
        guard !masked, value.count >= 6 else { return false }
        let lower = value.lowercased()
        if ["required", "optional", "forgot", "incorrect", "invalid", "hidden", "changed", "reset", "********"]
            .contains(where: lower.hasPrefix) { return false }
        let classes = [value.contains(where: \.isLowercase), value.contains(where: \.isUppercase),
                       value.contains(where: \.isNumber),
                       value.contains { !$0.isLetter && !$0.isNumber }].filter { $0 }.count
        return classes >= 2 && entropy(value) >= 2.5 || classes >= 3
    }

    /// Shannon entropy in bits a character.
    static func entropy(_ value: String) -> Double {
        var counts: [Character: Int] = [:]
        for character in value { counts[character, default: 0] += 1 }
        let total = Double(value.count)
        return counts.values.reduce(0) { sum, count in
            let p = Double(count) / total
            return sum - p * log2(p)
        }
    }

    /// Whether the token's header is JSON with an `alg` (decoded), or starts as the base64 of `{"alg"`, `{"typ"` or
    /// `{"kid"` does (OCR garbles the rest: a space inserted, `I` read as `l`).
    static func isJWTHeader(_ token: String) -> Bool {
        let compact = token.filter { !$0.isWhitespace }
        if ["eyJhbGci", "eyJ0eXAi", "eyJraWQi"].contains(where: compact.hasPrefix) { return true }
        guard let header = compact.split(separator: ".").first else { return false }
        var base64 = header.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64) else { return false }
        return String(decoding: data, as: UTF8.self).contains("\"alg\"")
    }

    /// A field of a `WIFI:` payload (`T:WPA;S:name;P:secret;;`), backslash escapes honoured.
    static func wifiField(_ payload: String, _ key: String) -> String? {
        var fields: [String: String] = [:]
        var current = ""
        var escaped = false
        for character in payload.dropFirst(5) {
            if escaped { current.append(character); escaped = false; continue }
            if character == "\\" { escaped = true; continue }
            if character == ";" {
                if let colon = current.firstIndex(of: ":") {
                    fields[String(current[..<colon]).uppercased()] = String(current[current.index(after: colon)...])
                }
                current = ""
            } else {
                current.append(character)
            }
        }
        return fields[key]
    }
}
