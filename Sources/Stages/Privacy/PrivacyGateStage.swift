import Captures
import Foundation
import Runner
import SensitiveDetectors

/// The privacy gate (`privacy.gate`): placed after reading and labels and before the persist stage, it joins
/// everything made of a capture (text, codes, labels, fingerprint, focus, vector, and any other family's part) and
/// asks every sensitive-data rule. A capture a rule holds is handed on as its id, source, date, kind and
/// signature (so it is not read again while unchanged) with a `PrivacyVerdict`: its text, codes, labels, vector,
/// fingerprint, path, place, size and every other part stop here. Other captures pass unchanged.
public struct PrivacyGateStage: Stage, OpenJoin {
    public typealias Input = CaptureRecord
    public typealias Output = CaptureRecord

    /// The kind name in pipeline files.
    public static let kind = "privacy.gate"

    /// Told of each capture held back (the journal of captures under way then forgets its path); nil tells nobody.
    public let notice: HeldCaptureNotice?

    public init(notice: HeldCaptureNotice? = nil) { self.notice = notice }

    /// Every part: what the gate does not know it holds back all the same.
    public var extraParts: ExtraParts { .any }

    public func process(_ input: CaptureRecord, context: StageContext) async throws -> CaptureRecord {
        guard let finding = SensitiveDetectors.evaluate(Self.detectorInput(of: input)) else { return input }
        notice?.held(input.file.id)
        return Self.held(input, verdict: PrivacyVerdict(finding))
    }

    /// What the detectors read of a record: its text, its codes and its labels.
    public static func detectorInput(of record: CaptureRecord) -> DetectorInput {
        DetectorInput(
            text: record.text?.fullText ?? "",
            codes: (record.codes?.codes ?? []).map { DetectorInput.Code(format: $0.format, text: $0.text, bytes: $0.payload) },
            labels: (record.labels?.labels ?? []).map(\.name))
    }

    /// The record of a held capture: only what identifies it, and the verdict.
    public static func held(_ record: CaptureRecord, verdict: PrivacyVerdict) -> CaptureRecord {
        let file = CaptureFile(id: record.file.id, source: record.file.source, path: "", relativePath: "",
                               byteCount: 0, modified: Date(timeIntervalSince1970: 0), signature: record.file.signature)
        let metadata = CaptureMetadata(date: record.metadata.date, dateSource: record.metadata.dateSource,
                                       location: nil, pixelWidth: 0, pixelHeight: 0, kind: record.metadata.kind,
                                       format: "")
        var extras = JoinedParts()
        extras.add(verdict)
        return CaptureRecord(file: file, metadata: metadata, extras: extras)
    }
}
