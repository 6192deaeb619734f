/// Words for what a capture shows ("dog", "beach", "screenshot"), with confidence. The output of the labels stage.
public struct CaptureLabels: Sendable, Equatable {
    public var labels: [CaptureLabel]

    public init(labels: [CaptureLabel]) { self.labels = labels }
}

/// One label with its confidence (0...1).
public struct CaptureLabel: Sendable, Equatable, Codable {
    public var name: String
    public var confidence: Double

    public init(name: String, confidence: Double) {
        self.name = name
        self.confidence = confidence
    }
}
