/// One thing found in a capture's text or codes: a link, an e-mail address, a phone number, an amount of money, a
/// date, a flight, a tracking number, an ISBN, a boarding pass, a booking reference, or a kind a rules file adds.
/// `value` is the normalised form (a link with its scheme, a phone number in E.164, an ISO date); `fields` hold
/// the parts (a money's `amount` and `currency`; a boarding pass's `from`, `to`, `flight`, ...).
public struct DetectedObject: Sendable, Equatable, Hashable {
    public var kind: String
    public var value: String
    public var fields: [String: String]

    public init(kind: String, value: String, fields: [String: String] = [:]) {
        self.kind = kind
        self.value = value
        self.fields = fields
    }
}
