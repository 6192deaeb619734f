import Captures
import Runner

/// What the labels stage reads for one capture: the decoded image (required) and, when the pipeline has those
/// stages, the text read, the codes found and the image vector.
public struct LabelsInput: JoinedInput {
    public var decoded: DecodedCapture
    public var text: CaptureText?
    public var codes: CaptureCodes?
    public var vector: ImageVector?

    public init(decoded: DecodedCapture, text: CaptureText? = nil, codes: CaptureCodes? = nil,
                vector: ImageVector? = nil) {
        self.decoded = decoded
        self.text = text
        self.codes = codes
        self.vector = vector
    }

    public static var parts: [JoinPart] {
        [.required(DecodedCapture.self), .optional(CaptureText.self), .optional(CaptureCodes.self),
         .optional(ImageVector.self)]
    }

    public init(parts: JoinedParts) throws {
        self.init(decoded: try parts.require(DecodedCapture.self), text: parts.get(), codes: parts.get(),
                  vector: parts.get())
    }
}
