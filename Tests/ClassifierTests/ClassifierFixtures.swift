import Foundation
import ImageClassifier

/// The reference fixtures made by `scripts/classifier-make-fixtures.py` (PyTorch running ML Illustrated's
/// EfficientNet-Lite0 on four wallpaper photographs), and the converted weights the tests run.
enum ClassifierFixtures {
    struct Reference: Decodable {
        var mean: Float
        var std: Float
        var images: [Image]
    }

    struct Image: Decodable, CustomStringConvertible {
        var name: String
        var file: String
        var top5: [Int]
        var logits: [Float]
        var description: String { name }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static let reference: Reference = {
        let data = try! Data(contentsOf: folder.appendingPathComponent("reference.json"))
        return try! JSONDecoder().decode(Reference.self, from: data)
    }()

    /// The 224×224 crop of a fixture image, RGB bytes.
    static func crop(_ image: Image) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(image.file)))
    }

    /// The real classifier, loaded once from the default weights path. Fails (never skips) when the weights are
    /// not installed: `scripts/setup` converts them.
    static let classifier: Result<ImageClassifier, ClassifierError> = {
        Result { () throws(ClassifierError) in try ImageClassifier(weightsFile: ImageClassifier.defaultWeightsPath()) }
    }()
}
