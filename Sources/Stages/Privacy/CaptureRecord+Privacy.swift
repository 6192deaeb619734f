import Captures

extension CaptureRecord {
    /// The privacy gate's verdict when it held this capture back, else nil. A stage placed after the gate (a
    /// `CaptureRecord` → `CaptureRecord` step between the gate and the persist stage, such as naming) receives a
    /// held capture already stripped to its identity, and must add nothing of its own to it.
    public var privacyVerdict: PrivacyVerdict? { extras.get(PrivacyVerdict.self) }
}
