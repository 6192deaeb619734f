import Foundation

/// A run that carries on one its process could not finish (the supervisor started the process again after a
/// capture took it down): it keeps that run's start and counts, so the progress and the summary speak of the
/// whole run, not of its last part.
public struct RunContinuation: Sendable, Equatable {
    /// When the run being carried on started.
    public var startedAt: Date
    /// What it had stored and failed (as the index holds them).
    public var indexed: Int
    public var failed: Int
    /// Its failures, for the summary.
    public var failures: [CaptureFailure]

    public init(startedAt: Date, indexed: Int, failed: Int, failures: [CaptureFailure]) {
        self.startedAt = startedAt
        self.indexed = indexed
        self.failed = failed
        self.failures = failures
    }
}
