import Foundation
import ImageClassifier

/// Prints, for each photograph, one JSON line: the top-8 ImageNet classes with their probabilities and the labels
/// the stage would give (threshold 0.2, limit 8). Two executables' dumps of the same files, compared by
/// `scripts/classifier-compare-dumps.py`, show whether a kernel change moved any label.
enum ProbabilityDump {
    struct Line: Encodable {
        var file: String
        var classes: [Int]
        var probabilities: [Float]
        var labels: [String]
        var confidences: [Double]
    }

    static func print(files: [String], classifier: ImageClassifier) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for file in files {
            do {
                let probabilities = classifier.probabilities(for: try PortablePixmap.read(file))
                let top = classifier.taxonomy.top(8, probabilities: probabilities)
                let labels = classifier.taxonomy.labels(probabilities: probabilities, threshold: 0.2, limit: 8)
                let line = Line(file: URL(fileURLWithPath: file).lastPathComponent, classes: top.map(\.index),
                                probabilities: top.map(\.probability), labels: labels.map(\.name),
                                confidences: labels.map(\.confidence))
                Swift.print(String(decoding: try encoder.encode(line), as: UTF8.self))
            } catch {
                Swift.print("{\"file\": \"\(file)\", \"error\": \"\(error)\"}")
            }
        }
    }
}
