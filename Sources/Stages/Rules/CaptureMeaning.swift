import ObjectRules

/// What the rules found in a capture: its objects (links among them) and its lead, if any.
public struct CaptureMeaning: Sendable, Equatable {
    public var objects: [DetectedObject]
    public var lead: Lead?

    public init(objects: [DetectedObject], lead: Lead?) {
        self.objects = objects
        self.lead = lead
    }

    /// The links, normalised.
    public var links: [String] { objects.filter { $0.kind == "link" }.map(\.value) }
}
