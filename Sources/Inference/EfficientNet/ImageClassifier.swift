import Captures
import Foundation
import ModelEngine

/// EfficientNet-Lite0 with its weights and the ImageNet taxonomy: what the labels stage asks "what does this
/// image show?".
public struct ImageClassifier: Sendable {
    /// The weights file's name in the models folder.
    public static let weightsFileName = "efficientnet-lite0.safetensors"

    public let network: EfficientNetLite0
    public let taxonomy: ImageNetTaxonomy

    public init(network: EfficientNetLite0, taxonomy: ImageNetTaxonomy = .standard) {
        precondition(taxonomy.classes.count == EfficientNetLite0.classCount, "the taxonomy must list 1000 classes")
        self.network = network
        self.taxonomy = taxonomy
    }

    /// Loads the weights from a safetensors file written by `scripts/classifier-convert.py`.
    public init(weightsFile path: String) throws(ClassifierError) {
        guard FileManager.default.fileExists(atPath: path) else { throw .weightsMissing(file: path) }
        do {
            self.init(network: try EfficientNetLite0(weights: try SafetensorsFile(path: path)))
        } catch let error as SafetensorsError {
            throw .weightsInvalid(file: path, reason: error.description)
        } catch {
            throw .weightsInvalid(file: path, reason: "\(path): \(error)")
        }
    }

    /// Where the weights are by default: `$XDG_DATA_HOME/pool-pipeline/models/` (`~/.local/share/...` when
    /// `XDG_DATA_HOME` is unset).
    public static func defaultWeightsPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let data: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            data = xdg
        } else {
            data = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        }
        return data + "/pool-pipeline/models/" + weightsFileName
    }

    /// The class probabilities for an image (softmax of the logits).
    public func probabilities(for image: RGBImage) -> [Float] {
        Softmax.probabilities(network.logits(for: ClassifierInput.tensor(from: image)))
    }

    /// Taxonomy labels for an image: words whose summed class probability reaches `threshold`.
    public func labels(for image: RGBImage, threshold: Double, limit: Int) -> [CaptureLabel] {
        taxonomy.labels(probabilities: probabilities(for: image), threshold: threshold, limit: limit)
    }
}
