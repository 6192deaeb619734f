/// What naming may read of a capture: derived text only, never pixels. The text read from it, its code payloads
/// (as text) and the leads the rules found (kind and the fields that made them).
public struct NamingInput: Sendable, Equatable {
    public var text: String
    public var codes: [String]
    public var leads: [NamingLead]

    public init(text: String, codes: [String] = [], leads: [NamingLead] = []) {
        self.text = text
        self.codes = codes
        self.leads = leads
    }

    /// Whether there is anything to name from (no text, no payload: no request).
    public var isEmpty: Bool {
        text.allSatisfy(\.isWhitespace) && codes.allSatisfy { $0.allSatisfy(\.isWhitespace) }
    }
}

/// A lead as naming sees it: its kind (`recipe`, `product`...) and its fields (`name`, `price`, `url`...).
public struct NamingLead: Sendable, Equatable {
    public var kind: String
    public var fields: [String: String]

    public init(kind: String, fields: [String: String]) {
        self.kind = kind
        self.fields = fields
    }
}
