import Foundation
import ObjectRules
import SensitiveDetectors

/// Measures the gate, the objects and the leads on generated captures: precision and recall per sensitive
/// category, F1 per object kind, F1 per lead kind (and "none") and their macro average.
public struct Evaluation: Sendable {
    public struct Counts: Sendable {
        public var truePositives = 0
        public var falsePositives = 0
        public var falseNegatives = 0

        public var precision: Double { truePositives + falsePositives == 0 ? 1 : Double(truePositives) / Double(truePositives + falsePositives) }
        public var recall: Double { truePositives + falseNegatives == 0 ? 1 : Double(truePositives) / Double(truePositives + falseNegatives) }
        public var f1: Double { precision + recall == 0 ? 0 : 2 * precision * recall / (precision + recall) }
        public var support: Int { truePositives + falseNegatives }
    }

    public var gate: [String: Counts] = [:]
    /// Captures with an `HC1:` or `shc:/` code payload: held as health records, or missed.
    public var healthPayloads = Counts()
    public var objects: [String: Counts] = [:]
    public var leads: [String: Counts] = [:]
    /// Names of captures the gate got wrong (for reading the misses).
    public var gateMistakes: [String] = []
    public var leadMistakes: [String] = []
    public var objectMistakes: [String] = []
    /// Addresses compared with case and diacritics folded (`Koln` for `Köln`: the recogniser lost the dots): a
    /// second, looser figure beside the exact one in `objects`.
    public var foldedAddresses = Counts()

    public init() {}

    /// Lead macro-F1 over the ten kinds and "none".
    public var leadMacroF1: Double {
        let values = leads.values.map(\.f1)
        return values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }

    public mutating func addGate(_ captures: [GeneratedCapture]) {
        for capture in captures {
            let input = DetectorInput(text: capture.text, codes: capture.codes.map {
                DetectorInput.Code(format: "QRCode", text: $0, bytes: Array($0.utf8))
            })
            let found = SensitiveDetectors.evaluate(input)?.category.rawValue
            if capture.codes.contains(where: { $0.hasPrefix("HC1:") || $0.hasPrefix("shc:/") }) {
                if found == "health record" { healthPayloads.truePositives += 1 } else { healthPayloads.falseNegatives += 1 }
            }
            if let truth = capture.sensitive {
                if found == truth { gate[truth, default: Counts()].truePositives += 1 } else {
                    gate[truth, default: Counts()].falseNegatives += 1
                    gateMistakes.append("missed \(capture.name) (\(truth))" + (found.map { " as \($0)" } ?? ""))
                }
            }
            if let found, found != capture.sensitive {
                gate[found, default: Counts()].falsePositives += 1
                gateMistakes.append("held \(capture.name) as \(found)")
            }
        }
    }

    public mutating func addRules(_ captures: [GeneratedCapture], book: RuleBook) {
        let extractor = ObjectExtractor(book: book)
        let classifier = LeadClassifier(book: book)
        for capture in captures {
            let found = extractor.objects(text: capture.text, codes: capture.codes)
            let lead = classifier.lead(text: ([capture.text] + capture.codes).joined(separator: "\n"), objects: found)
            let truthLead = capture.lead ?? "none", foundLead = lead?.kind ?? "none"
            if truthLead == foundLead { leads[truthLead, default: Counts()].truePositives += 1 } else {
                leads[truthLead, default: Counts()].falseNegatives += 1
                leads[foundLead, default: Counts()].falsePositives += 1
                leadMistakes.append("\(capture.name): \(foundLead)")
            }
            // Objects: only the kinds the capture's truth lists are scored (a capture lists every one of those).
            let truthKinds = Set(capture.objects.map { String($0.split(separator: " ")[0]) })
            let truth = Set(capture.objects)
            let got = Set(found.filter { truthKinds.contains($0.kind) }.map { "\($0.kind) \($0.value)" })
            for item in truth { objects[kind(item), default: Counts()].truePositives += got.contains(item) ? 1 : 0
                                objects[kind(item), default: Counts()].falseNegatives += got.contains(item) ? 0 : 1 }
            for item in got.subtracting(truth) {
                objects[kind(item), default: Counts()].falsePositives += 1
                objectMistakes.append("\(capture.name): found \(item)")
            }
            for item in truth.subtracting(got) { objectMistakes.append("\(capture.name): missed \(item)") }
        }
    }

    /// Scores only the objects of `captures` (no lead): each kind their truth lists, and for the kinds in
    /// `everywhere` every find on every capture, so a find on a hard negative counts against precision. With
    /// `only`, no other kind is scored (captures whose other objects `addRules` scores already).
    public mutating func addObjects(_ captures: [GeneratedCapture], book: RuleBook, everywhere: Set<String>,
                                    only: Set<String>? = nil) {
        let extractor = ObjectExtractor(book: book)
        for capture in captures {
            let found = extractor.objects(text: capture.text, codes: capture.codes)
            var kinds = Set(capture.objects.map { kind($0) }).union(everywhere)
            if let only { kinds.formIntersection(only) }
            let truth = Set(capture.objects.filter { kinds.contains(kind($0)) })
            let got = Set(found.filter { kinds.contains($0.kind) }.map { "\($0.kind) \($0.value)" })
            for item in truth {
                objects[kind(item), default: Counts()].truePositives += got.contains(item) ? 1 : 0
                objects[kind(item), default: Counts()].falseNegatives += got.contains(item) ? 0 : 1
            }
            for item in got.subtracting(truth) {
                objects[kind(item), default: Counts()].falsePositives += 1
                objectMistakes.append("\(capture.name): found \(item)")
            }
            for item in truth.subtracting(got) { objectMistakes.append("\(capture.name): missed \(item)") }
            guard kinds.contains("address") else { continue }
            func folded(_ items: Set<String>) -> Set<String> {
                Set(items.filter { kind($0) == "address" }
                    .map { $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) })
            }
            let (foldedTruth, foldedGot) = (folded(truth), folded(got))
            foldedAddresses.truePositives += foldedTruth.intersection(foldedGot).count
            foldedAddresses.falseNegatives += foldedTruth.subtracting(foldedGot).count
            foldedAddresses.falsePositives += foldedGot.subtracting(foldedTruth).count
        }
    }

    private func kind(_ item: String) -> String { String(item.split(separator: " ")[0]) }
}
