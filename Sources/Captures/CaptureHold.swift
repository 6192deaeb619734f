/// A part that marks its capture as held back (the privacy gate's verdict conforms): nothing derived from such a
/// capture may be stored, shown or sent. Stages of other families test for it without knowing the gate's types.
public protocol CaptureHold: Sendable {}

extension CaptureRecord {
    /// Whether a part joined to this record holds the capture back.
    public var isHeldBack: Bool {
        extras.all.contains { $0 is any CaptureHold }
    }
}
