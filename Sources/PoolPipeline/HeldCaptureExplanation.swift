@_exported import struct PrivacyStages.PrivacyExplanation
import PrivacyStages
import Store

/// Why the privacy gate held a capture back, for tools that sit on the library API (`pool-pipeline explain`): the
/// category, the rule and its reason, never the secret; nil when the capture was not held.
public enum HeldCaptureExplanation {
    public static func explanation(of captureID: String, in store: IndexStore) throws -> PrivacyExplanation? {
        try PrivacyGateStage.explanation(of: captureID, in: store)
    }
}
