import Foundation
import ImageClassifier

/// Prints, for each photograph, the classifier's top-5 classes and the labels the stage would give (default
/// threshold 0.2, limit 8), as Markdown table rows for docs/labels.md.
enum LabelReport {
    static func print(files: [String], classifier: ImageClassifier) {
        Swift.print("| photograph | top-5 ImageNet classes | labels (confidence) |")
        Swift.print("| --- | --- | --- |")
        for file in files {
            do {
                let image = try PortablePixmap.read(file)
                let probabilities = classifier.probabilities(for: image)
                let top = classifier.taxonomy.top(5, probabilities: probabilities).map {
                    "\(classifier.taxonomy.classes[$0.index].name) \(String(format: "%.2f", $0.probability))"
                }
                let labels = classifier.taxonomy.labels(probabilities: probabilities, threshold: 0.2, limit: 8).map {
                    "\($0.name) \(String(format: "%.2f", $0.confidence))"
                }
                let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
                Swift.print("| \(name) | \(top.joined(separator: ", ")) | \(labels.joined(separator: ", ")) |")
            } catch {
                Swift.print("| \(file) | error: \(error) | |")
            }
        }
    }
}
