import Captures
import Foundation
import Runner

/// What moment grouping needs to know about one capture: where and when it was taken (and whether that time is the
/// capture's own), what it shows (fingerprint, kind) and how sharp it is (to pick the representative).
public struct MomentCapture: Sendable, Equatable {
    public var id: CaptureID
    /// The source (pipeline source id) the capture came from; moments never span sources.
    public var source: String
    public var date: Date
    /// Where `date` came from: only a capture's own time (`DateSource.isCaptureTime`) can join a moment.
    public var dateSource: CaptureMetadata.DateSource
    /// Screenshots of one app look alike, so they are held to a closer match (`MomentGrouper.Rules`).
    public var kind: CaptureMetadata.Kind
    public var fingerprint: VisualFingerprint
    /// Higher is sharper (`FocusMeasure.sharpness`).
    public var sharpness: Double
    /// The text read from the capture, when a text stage ran: what tells two screens of one layout apart.
    public var text: String?

    public init(id: CaptureID, source: String, date: Date, dateSource: CaptureMetadata.DateSource = .exif,
                kind: CaptureMetadata.Kind = .photo, fingerprint: VisualFingerprint, sharpness: Double,
                text: String? = nil) {
        self.id = id
        self.source = source
        self.date = date
        self.dateSource = dateSource
        self.kind = kind
        self.fingerprint = fingerprint
        self.sharpness = sharpness
        self.text = text
    }

    /// Earlier first; the id breaks ties so the order is total.
    func precedes(_ other: MomentCapture) -> Bool {
        date != other.date ? date < other.date : id < other.id
    }

    /// Sharper first; then the earlier shot.
    func isBetterRepresentative(than other: MomentCapture) -> Bool {
        sharpness != other.sharpness ? sharpness > other.sharpness : precedes(other)
    }
}

extension MomentCapture {
    /// The moment facts of a capture record as the persist stage sees it, or nil when the record has no
    /// fingerprint (no fingerprint stage in the pipeline). Without a focus measure the sharpness is 0.
    public init?(_ record: CaptureRecord) {
        guard let fingerprint = record.fingerprint else { return nil }
        self.init(id: record.file.id, source: record.file.source, date: record.metadata.date,
                  dateSource: record.metadata.dateSource, kind: record.metadata.kind,
                  fingerprint: fingerprint, sharpness: record.focus?.sharpness ?? 0, text: record.text?.fullText)
    }
}
