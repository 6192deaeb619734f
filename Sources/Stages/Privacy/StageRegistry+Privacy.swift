import Runner

extension StageRegistry {
    /// Registers the privacy family's kinds: `privacy.gate`.
    public mutating func registerPrivacyStages() {
        register(PrivacyGateStage.kind) { setup in PrivacyGateStage(notice: setup.environment[HeldCaptureNotice.self]) }
    }
}
