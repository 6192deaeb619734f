/// One rule's verdict that a capture is sensitive: the category, the rule that found it, and why, in words that
/// never contain the secret ("16 digits passing Luhn in a Visa range, expiry date on the same card").
public struct SensitiveFinding: Sendable, Equatable {
    public var category: SensitiveCategory
    /// The rule's stable id (`card.luhn`, `identity.mrz`, `credential.provider-key`, ...).
    public var rule: String
    /// Why, without the secret.
    public var reason: String

    public init(category: SensitiveCategory, rule: String, reason: String) {
        self.category = category
        self.rule = rule
        self.reason = reason
    }
}
