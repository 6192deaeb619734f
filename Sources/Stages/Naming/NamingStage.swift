import Captures
import ObjectRules
import Runner
import SensitiveDetectors
import ThingNaming

/// Naming (`naming.chat`): a `CaptureRecord` → `CaptureRecord` stage placed between `privacy.gate` and
/// `sqlite.persist`. It names the product, place, event, recipe, book, music, movie, article or post a capture shows
/// through a chat endpoint (see `ThingNamer` and `NamingPolicy`), sending derived text only: the text read, the
/// code payloads and the rules' leads (found again here from the same text, with the built-in rule book).
///
/// A capture the gate held (`privacyVerdict`) goes on untouched and nothing of it is sent; so does any capture the
/// sensitive-data rules would hold (should the stage be placed before the gate by mistake). Another capture gets a
/// `CaptureThings` part: its things, or the reason it waits for a name (a timeout or a missing endpoint never fails
/// the capture; indexing goes on).
public struct NamingStage: Stage {
    public typealias Input = CaptureRecord
    public typealias Output = CaptureRecord

    /// The kind name in pipeline files.
    public static let kind = "naming.chat"

    public let namer: ThingNamer
    private let extractor: ObjectExtractor
    private let classifier: LeadClassifier

    public init(namer: ThingNamer, book: RuleBook = .builtIn) {
        self.namer = namer
        extractor = ObjectExtractor(book: book)
        classifier = LeadClassifier(book: book)
    }

    public func process(_ input: CaptureRecord, context: StageContext) async throws -> CaptureRecord {
        guard input.privacyVerdictIsAbsent, let request = namingInput(of: input) else { return input }
        var record = input
        switch await namer.name(request) {
        case .named(let things, _): record.extras.add(CaptureThings(things: things))
        case .pending(let reason): record.extras.add(CaptureThings(things: [], pending: reason))
        }
        return record
    }

    /// What may be sent of `record`: nil when the sensitive-data rules would hold it.
    public func namingInput(of record: CaptureRecord) -> NamingInput? {
        namingInput(text: record.text?.fullText ?? "",
                    codes: (record.codes?.codes ?? []).map { DetectorInput.Code(format: $0.format, text: $0.text,
                                                                                bytes: $0.payload) },
                    labels: (record.labels?.labels ?? []).map(\.name))
    }

    /// What may be sent of a capture's derived text (read, or stored in the index): its text, the code payloads
    /// that are text and the lead the rules find in them; nil when the sensitive-data rules would hold it.
    public func namingInput(text: String, codes: [DetectorInput.Code], labels: [String]) -> NamingInput? {
        let detectorInput = DetectorInput(text: text, codes: codes, labels: labels)
        guard SensitiveDetectors.evaluate(detectorInput) == nil else { return nil }
        let payloads = codes.compactMap(\.text)
        let objects = extractor.objects(text: text, codes: payloads)
        let lead = classifier.lead(text: ([text] + payloads).joined(separator: "\n"), objects: objects)
        return NamingInput(text: text, codes: payloads,
                           leads: lead.map { [NamingLead(kind: $0.kind, fields: $0.fields)] } ?? [])
    }
}

extension CaptureRecord {
    /// Whether the privacy gate let this capture through: no part holds it back (`CaptureHold`, which the gate's
    /// verdict is), and it does not have the gate's stripped shape all the same (every capture a source hands on
    /// has a path; a held one has none, nor text, codes or labels).
    var privacyVerdictIsAbsent: Bool {
        let stripped = file.path.isEmpty && file.relativePath.isEmpty && text == nil && codes == nil && labels == nil
        return !isHeldBack && !stripped
    }
}
