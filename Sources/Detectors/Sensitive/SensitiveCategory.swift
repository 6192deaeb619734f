/// What the privacy gate holds a capture back for.
public enum SensitiveCategory: String, Sendable, Equatable, CaseIterable, Codable {
    case paymentCard = "payment card"
    case identityDocument = "identity document"
    case credential
    case healthRecord = "health record"
}
