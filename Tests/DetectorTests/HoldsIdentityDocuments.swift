import SensitiveDetectors

/// A suite of identity-document tests: `held` is the rule that holds a text as an identity document, nil when none.
protocol HoldsIdentityDocuments {}

extension HoldsIdentityDocuments {
    func held(_ text: String) -> String? {
        SensitiveDetectors.evaluate(DetectorInput(text: text)).flatMap {
            $0.category == .identityDocument ? $0.rule : nil
        }
    }
}
