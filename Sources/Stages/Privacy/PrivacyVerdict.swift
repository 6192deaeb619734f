import Captures
import SensitiveDetectors

/// The privacy gate's verdict on a capture it held back: the category (all that export shows), and the rule and
/// its reason (what `pool-pipeline explain` shows), never the secret.
public struct PrivacyVerdict: CaptureHold, Equatable {
    public var category: SensitiveCategory
    public var rule: String
    public var reason: String

    public init(_ finding: SensitiveFinding) {
        category = finding.category
        rule = finding.rule
        reason = finding.reason
    }
}
