/// Where captures come from: lists the captures a run should process.
///
/// A source compares what it finds with what the ledger already holds, emits only new or changed captures, and
/// tells the ledger which captures are gone. Sources emit one capture at a time; the runner's backpressure makes
/// `emit` suspend while the stages are busy.
public protocol CaptureSource<Output>: Sendable {
    /// What the source hands to the stages after it (for a folder source, the file of each capture).
    associatedtype Output: Sendable

    /// Lists the captures of this run, calling `emit` for each one to process. Throws `SourceError` when the
    /// source cannot be read at all.
    func captures(context: SourceContext, emit: (SourceCapture<Output>) async throws -> Void) async throws
}

/// One capture found by a source: its identity, a signature that changes when its content may have changed,
/// and the value handed to the first stage.
public struct SourceCapture<Value: Sendable>: Sendable {
    public var id: CaptureID
    public var signature: String
    public var value: Value

    public init(id: CaptureID, signature: String, value: Value) {
        self.id = id
        self.signature = signature
        self.value = value
    }
}

/// What a source needs from the runner: its own id, the ledger of captures already indexed, a way to say how
/// many captures it will emit, as soon as it knows, so progress can show "340 of 1,200", and a way to report an
/// entry it skipped, so the run's summary and status account for it.
public struct SourceContext: Sendable {
    public var sourceID: String
    public var ledger: any CaptureLedger
    private let announceTotal: @Sendable (Int) -> Void
    private let reportSkipped: @Sendable (SkippedEntry) -> Void

    public init(sourceID: String, ledger: any CaptureLedger,
                announceTotal: @escaping @Sendable (Int) -> Void = { _ in },
                reportSkipped: @escaping @Sendable (SkippedEntry) -> Void = { _ in }) {
        self.sourceID = sourceID
        self.ledger = ledger
        self.announceTotal = announceTotal
        self.reportSkipped = reportSkipped
    }

    /// Tells the runner how many captures this source is about to emit in this run.
    public func announce(total: Int) { announceTotal(total) }

    /// Tells the runner that the entry at `path` (as the source shows paths) was skipped, and why. A source
    /// reports each skipped entry once per run.
    public func skip(path: String, reason: String) {
        reportSkipped(SkippedEntry(source: sourceID, path: path, reason: reason))
    }
}

/// Why a source could not list its captures.
public enum SourceError: Error, Equatable, CustomStringConvertible {
    /// The folder or file cannot be read (missing, or no permission): the run waits for permission.
    case permissionDenied(path: String, reason: String)
    /// Listing failed for another reason.
    case listingFailed(path: String, reason: String)

    public var description: String {
        switch self {
        case .permissionDenied(let path, let reason): "cannot read \(path): \(reason)"
        case .listingFailed(let path, let reason): "listing \(path) failed: \(reason)"
        }
    }
}
