import Captures
import Foundation
import ObjectRules
import Runner

/// The rules stage (`rules`): finds the objects of a capture's text and codes and decides its lead, from the rule
/// book: the built-in rules (`rules/*.json`, compiled in) and those of the `rules` option's folder (checked when
/// the pipeline loads).
/// Place it before the privacy gate, so what it finds in a held capture is held back with it.
public struct RulesStage: Stage {
    public typealias Input = RulesInput
    public typealias Output = CaptureMeaning

    public static let kind = "rules"

    public let extractor: ObjectExtractor
    public let classifier: LeadClassifier

    public init(book: RuleBook, region: String? = nil) {
        extractor = ObjectExtractor(book: book, region: region)
        classifier = LeadClassifier(book: book)
    }

    public func process(_ input: RulesInput, context: StageContext) async throws -> CaptureMeaning {
        Self.meaning(text: input.text?.fullText ?? "", codes: (input.codes?.codes ?? []).compactMap(\.text),
                     extractor: extractor, classifier: classifier)
    }

    /// The meaning of a text and code payloads (also what the figures tool measures).
    public static func meaning(text: String, codes: [String], extractor: ObjectExtractor,
                               classifier: LeadClassifier) -> CaptureMeaning {
        let objects = extractor.objects(text: text, codes: codes)
        let context = ([text] + codes).joined(separator: "\n")
        return CaptureMeaning(objects: objects, lead: classifier.lead(text: context, objects: objects))
    }
}
