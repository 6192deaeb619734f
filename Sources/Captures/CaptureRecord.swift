import Runner

/// Everything derived from one capture, joined from the stages that ran: what the persist stage stores.
/// Holds no pixels. A field is nil when its stage is not in the pipeline.
public struct CaptureRecord: Sendable, JoinedInput {
    public var file: CaptureFile
    public var metadata: CaptureMetadata
    public var text: CaptureText?
    public var codes: CaptureCodes?
    public var fingerprint: VisualFingerprint?
    public var focus: FocusMeasure?
    public var vector: ImageVector?
    public var labels: CaptureLabels?
    /// The parts of other stage families that joined this record (a brightness, the privacy gate's verdict, the
    /// rules' objects), stored by the family that declares how (see `StoredFamily` in Store); none of the types
    /// above.
    public var extras: JoinedParts
    public var place: CapturePlace?

    public init(file: CaptureFile, metadata: CaptureMetadata, text: CaptureText? = nil, codes: CaptureCodes? = nil,
                fingerprint: VisualFingerprint? = nil, focus: FocusMeasure? = nil, vector: ImageVector? = nil,
                labels: CaptureLabels? = nil, place: CapturePlace? = nil, extras: JoinedParts = JoinedParts()) {
        self.file = file
        self.metadata = metadata
        self.text = text
        self.codes = codes
        self.fingerprint = fingerprint
        self.focus = focus
        self.vector = vector
        self.labels = labels
        self.place = place
        self.extras = extras
    }

    public static var parts: [JoinPart] {
        [.required(DecodedCapture.self), .optional(CaptureText.self), .optional(CaptureCodes.self),
         .optional(VisualFingerprint.self), .optional(FocusMeasure.self), .optional(ImageVector.self),
         .optional(CaptureLabels.self), .optional(CapturePlace.self)]
    }

    public init(parts: JoinedParts) throws {
        let decoded = try parts.require(DecodedCapture.self)
        self.init(file: decoded.file, metadata: decoded.metadata, text: parts.get(), codes: parts.get(),
                  fingerprint: parts.get(), focus: parts.get(), vector: parts.get(), labels: parts.get(),
                  place: parts.get(), extras: parts.removing(Self.parts.map(\.type)))
    }
}
