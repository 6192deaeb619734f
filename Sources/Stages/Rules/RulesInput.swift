import Captures
import Runner

/// What the rules stage reads of a capture: the text and the codes read from it (either may be missing).
public struct RulesInput: JoinedInput {
    public var text: CaptureText?
    public var codes: CaptureCodes?

    public init(text: CaptureText?, codes: CaptureCodes?) {
        self.text = text
        self.codes = codes
    }

    public static var parts: [JoinPart] { [.optional(CaptureText.self), .optional(CaptureCodes.self)] }

    public init(parts: JoinedParts) throws { self.init(text: parts.get(), codes: parts.get()) }
}
