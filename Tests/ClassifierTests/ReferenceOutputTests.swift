import ImageClassifier
import Testing

@Suite("EfficientNet-Lite0 against the PyTorch reference")
struct ReferenceOutputTests {
    /// Logits agree within this absolute difference (they range over about ±15): float32 sums in another order
    /// (measured: at most 1.1e-5).
    static let logitTolerance: Float = 1e-4

    @Test("same top-5 classes and logits within tolerance on real photographs",
          arguments: ClassifierFixtures.reference.images)
    func matchesReference(image: ClassifierFixtures.Image) throws {
        let classifier = try ClassifierFixtures.classifier.get()
        let input = ClassifierInput.tensor(fromCrop: try ClassifierFixtures.crop(image))
        let logits = classifier.network.logits(for: input)
        #expect(logits.count == image.logits.count)
        let top5 = logits.enumerated().sorted { $0.element > $1.element }.prefix(5).map(\.offset)
        #expect(top5 == image.top5, "top-5 of \(image.name)")
        let worst = zip(logits, image.logits).map { abs($0 - $1) }.max() ?? .infinity
        #expect(worst < Self.logitTolerance, "largest logit difference on \(image.name): \(worst)")
    }

    @Test("the fixtures use the normalisation the Swift input applies")
    func normalisation() {
        #expect(ClassifierFixtures.reference.mean == ClassifierInput.mean)
        #expect(ClassifierFixtures.reference.std == ClassifierInput.standardDeviation)
    }
}
