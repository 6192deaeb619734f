import Captures
import Runner

/// The `labels` stage: words for what a capture shows, with confidence. Classifier labels (EfficientNet-Lite0
/// over the ImageNet taxonomy), labels from the other stages (screenshot, photo, text, document, qr code,
/// barcode) and, when a zero-shot labeler is provided and a vector arrives, its labels; one label per word,
/// at its highest confidence, most confident first.
public struct LabelsStage: Stage {
    public let classifier: ImageClassifier
    /// Classifier words below this summed probability are dropped.
    public var threshold: Double
    /// At most this many classifier words (signal and zero-shot labels come on top).
    public var limit: Int
    public var signals: CaptureSignalLabels
    public var zeroShot: (any ZeroShotLabeler)?

    public init(classifier: ImageClassifier, threshold: Double = 0.2, limit: Int = 8,
                signals: CaptureSignalLabels = CaptureSignalLabels(), zeroShot: (any ZeroShotLabeler)? = nil) {
        self.classifier = classifier
        self.threshold = threshold
        self.limit = limit
        self.signals = signals
        self.zeroShot = zeroShot
    }

    public func process(_ input: LabelsInput, context: StageContext) async throws -> CaptureLabels {
        var labels = signals.labels(metadata: input.decoded.metadata, text: input.text, codes: input.codes)
        labels += classifier.labels(for: input.decoded.image, threshold: threshold, limit: limit)
        if let zeroShot, let vector = input.vector {
            labels += try zeroShot.labels(for: vector, vocabulary: classifier.taxonomy.vocabulary)
        }
        return CaptureLabels(labels: Self.merged(labels))
    }

    /// One label per name, keeping the highest confidence, most confident first.
    static func merged(_ labels: [CaptureLabel]) -> [CaptureLabel] {
        var best: [String: CaptureLabel] = [:]
        for label in labels where (best[label.name]?.confidence ?? -1) < label.confidence {
            best[label.name] = label
        }
        return best.values.sorted(by: CaptureLabel.moreConfident)
    }
}
