/// Every sensitive-data rule, in the order the gate asks them; each can be evaluated on its own.
public enum SensitiveDetectors {
    /// A rule: its id prefix and its evaluation.
    public struct Rule: Sendable {
        public var name: String
        public var evaluate: @Sendable (DetectorInput) -> SensitiveFinding?
    }

    public static let rules: [Rule] = [
        Rule(name: "health", evaluate: HealthRecordRule.evaluate),
        Rule(name: "credential", evaluate: CredentialRule.evaluate),
        Rule(name: "identity", evaluate: IdentityDocumentRule.evaluate),
        Rule(name: "card", evaluate: PaymentCardRule.evaluate),
        Rule(name: "iban", evaluate: IBANRule.evaluate),
    ]

    /// The first finding of any rule, or nil when the capture is not sensitive.
    public static func evaluate(_ input: DetectorInput) -> SensitiveFinding? {
        for rule in rules { if let finding = rule.evaluate(input) { return finding } }
        return nil
    }
}
