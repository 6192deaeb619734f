import Foundation

/// API keys and tokens recognised by their provider's prefix and shape (the gitleaks/TruffleHog idea: a prefix
/// makes a match certain enough without entropy).
public enum ProviderKeys {
    /// A provider's key shape.
    public struct Shape: Sendable {
        public var provider: String
        public var kind: String
        let pattern: NSRegularExpression

        init(_ provider: String, _ kind: String, _ pattern: String) {
            self.provider = provider
            self.kind = kind
            self.pattern = try! NSRegularExpression(pattern: pattern)
        }
    }

    public static let shapes: [Shape] = [
        Shape("AWS", "access key id", #"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b"#),
        // `AIza` as OCR reads its capital I: `Alza`, `A1za` (the 35 characters after it keep the shape exact).
        Shape("Google Cloud", "API key", #"\bA[Il1]za[0-9A-Za-z_\-]{35}\b"#),
        Shape("GitHub", "token", #"\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}\b"#),
        Shape("GitHub", "fine-grained token", #"\bgithub_pat_[A-Za-z0-9_]{60,90}\b"#),
        Shape("GitLab", "token", #"\bglpat-[A-Za-z0-9_\-]{20}\b"#),
        // Underscores the recogniser read as spaces (`sk live DOCW…`, seed 9090 with the built-in recogniser).
        Shape("Stripe", "secret key", #"\b(?:sk|rk)[_ ](?:live|test)[_ ][A-Za-z0-9]{24,99}\b"#),
        // `xoxb-` as OCR reads its `o`: `x0xb-`, `xOxb-`, or doubled (`x0Oxb-`, seed 9090 with Tesseract's own).
        Shape("Slack", "token", #"\bx[oO0]{1,2}x[abposr]-[A-Za-z0-9\-]{10,80}\b"#),
        Shape("Slack", "webhook", #"hooks\.slack\.com/services/T[A-Z0-9]{8,}/B[A-Z0-9]{8,}/[A-Za-z0-9]{24}"#),
        Shape("Discord", "webhook", #"discord(?:app)?\.com/api/webhooks/\d{17,20}/[A-Za-z0-9_\-]{60,70}"#),
        Shape("Telegram", "bot token", #"\b\d{8,10}:AA[A-Za-z0-9_\-]{33}\b"#),
        Shape("OpenAI", "API key", #"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}T3BlbkFJ[A-Za-z0-9_\-]{20,}\b"#),
        Shape("OpenAI", "project key", #"\bsk-proj-[A-Za-z0-9_\-]{40,200}\b"#),
        Shape("Anthropic", "API key", #"\bsk-ant-(?:api|admin)\d{2}-[A-Za-z0-9_\-]{80,120}\b"#),
        Shape("Hugging Face", "token", #"\bhf_[A-Za-z]{34}\b"#),
        Shape("npm", "token", #"\bnpm_[A-Za-z0-9]{36}\b"#),
        Shape("PyPI", "token", #"\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_\-]{50,}"#),
        Shape("SendGrid", "API key", #"\bSG\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}\b"#),
        Shape("Twilio", "API key", #"\bSK[0-9a-f]{32}\b"#),
        Shape("Shopify", "token", #"\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}\b"#),
        Shape("Square", "token", #"\bsq0(?:atp|csp)-[A-Za-z0-9_\-]{22,43}\b"#),
        Shape("DigitalOcean", "token", #"\bdop_v1_[a-f0-9]{64}\b"#),
        Shape("Mailgun", "API key", #"\bkey-[0-9a-f]{32}\b"#),
        Shape("Atlassian", "API token", #"\bATATT3[A-Za-z0-9_\-=]{180,}"#),
        Shape("Azure", "storage key", #"AccountKey=[A-Za-z0-9+/]{86}=="#),
        Shape("Groq", "API key", #"\bgsk_[A-Za-z0-9]{52}\b"#),
    ]

    /// The first shape found in `text`, or in a line of it that starts a key with a provider's prefix once its spaces
    /// are taken out (OCR splits a long key in two: `AIzaYZBJGENFAPCPNJ PWGPNB676954652119179`).
    public static func find(in text: String) -> Shape? {
        if let shape = first(in: text) { return shape }
        for line in text.split(whereSeparator: \.isNewline) where prefixes.contains(where: { line.contains($0) }) {
            let joined = line.split(whereSeparator: \.isWhitespace).joined()
            if joined != line, let shape = first(in: joined) { return shape }
        }
        return nil
    }

    static func first(in text: String) -> Shape? {
        let range = NSRange(text.startIndex..., in: text)
        return shapes.first { $0.pattern.firstMatch(in: text, range: range) != nil }
    }

    /// The prefixes that start a key (a line holding one is tried again without its spaces).
    static let prefixes = ["AKIA", "ASIA", "AIza", "Alza", "A1za", "ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_",
                           "glpat-", "sk_live_", "sk_test_", "rk_live_", "xox", "x0x", "xOx", "x0O", "sk-", "hf_", "npm_", "pypi-", "SG.",
                           "shpat_", "sq0", "dop_v1_", "gsk_", "ATATT3"]
}
