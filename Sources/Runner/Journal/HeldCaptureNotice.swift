/// Tells whoever keeps notes on captures under way (the journal beside the index) that a capture was held back by
/// the privacy gate: from then on nothing of it but what the index keeps (id, source, date) may stay in those
/// notes, not even its path, even when the process dies before the capture is stored. Provided to factories
/// through `StageEnvironment` by whoever runs the pipeline; the gate calls it as it holds a capture.
public struct HeldCaptureNotice: Sendable {
    private let notify: @Sendable (CaptureID) -> Void

    public init(_ notify: @escaping @Sendable (CaptureID) -> Void) { self.notify = notify }

    /// Says that `capture` is held back.
    public func held(_ capture: CaptureID) { notify(capture) }
}
