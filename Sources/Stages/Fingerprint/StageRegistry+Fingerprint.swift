import Runner

extension StageRegistry {
    /// Registers `fingerprint.phash` (no options) and `focus.laplacian` (option `threshold`: the detail ratio
    /// below which a capture is out of focus, default `FocusRule.defaultThreshold`; see `FocusRule`).
    public mutating func registerFingerprintStages() {
        register(FingerprintStage.kind) { _ in FingerprintStage() }
        register(FocusStage.kind) { setup in
            let options = setup.options
            let threshold = try options.double("threshold", default: FocusRule.defaultThreshold)
            guard threshold.isFinite, threshold >= 0 else {
                throw options.invalid("threshold", "must be a number from 0 up, found \(threshold)")
            }
            return FocusStage(rule: FocusRule(threshold: threshold))
        }
    }
}
