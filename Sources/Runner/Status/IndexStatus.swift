import Foundation

/// Where indexing stands, in words and numbers a UI can show: the phase, what the current run is doing, how the
/// last run ended and, while paused, why.
public struct IndexStatus: Sendable, Equatable, Codable {
    public var phase: IndexPhase
    public var detail: StatusDetail
    public var lastRun: LastRun?
    public var pauseReason: PauseReason?

    public init(phase: IndexPhase = .idle, detail: StatusDetail = StatusDetail(), lastRun: LastRun? = nil,
                pauseReason: PauseReason? = nil) {
        self.phase = phase
        self.detail = detail
        self.lastRun = lastRun
        self.pauseReason = pauseReason
    }
}

/// What the indexer is doing.
public enum IndexPhase: String, Sendable, Codable, CaseIterable {
    /// The run may not start yet: another process is indexing into the same index (`run --wait` and `--watch`
    /// wait for it to end). `detail.waitingFor` says what it waits for.
    case waitingForGrant
    /// A source's folder cannot be read; `detail.path` names it.
    case waitingForPermission
    case indexing
    /// There is work left and it is not being done; `pauseReason` says why.
    case paused
    case idle
}

/// Why the indexer is paused.
public struct PauseReason: Sendable, Equatable, Codable {
    public enum Kind: String, Sendable, Codable {
        /// Listing, reading or storing went wrong; `failureDescription` says what.
        case failed
        /// The run was ended before it finished (killed, or ended by the system).
        case interrupted
        /// Paused on request (`pause()`, or the run was stopped by the user).
        case byApp
    }

    public var kind: Kind
    /// A short description of the failure, for logs (only with `.failed`).
    public var failureDescription: String?

    public init(kind: Kind, failureDescription: String? = nil) {
        self.kind = kind
        self.failureDescription = failureDescription
    }

    public static let byApp = PauseReason(kind: .byApp)
    public static let interrupted = PauseReason(kind: .interrupted)
    public static func failed(_ description: String) -> PauseReason {
        PauseReason(kind: .failed, failureDescription: description)
    }
}

/// How the last run ended.
public struct LastRun: Sendable, Equatable, Codable {
    public enum Reason: String, Sendable, Codable {
        /// Every capture was processed.
        case completed
        /// Stopped on request (pause, or SIGINT).
        case stopped
        /// Ended by the system (SIGTERM, as at shutdown; or a background run yielding to battery, heat or a
        /// power-saver profile); the next run carries on.
        case endedBySystem
        /// Listing, reading or storing failed.
        case failed
        /// The process died during the run (found out by the next status read or run).
        case interrupted
        /// Waiting on permission to read a source, or for another run to leave the index.
        case waiting
    }

    public var reason: Reason
    public var finishedAt: Date
    /// When the next attempt is due, when something will try again by itself.
    public var nextAttempt: Date?
    public var indexed: Int
    public var failed: Int

    public init(reason: Reason, finishedAt: Date, nextAttempt: Date? = nil, indexed: Int, failed: Int) {
        self.reason = reason
        self.finishedAt = finishedAt
        self.nextAttempt = nextAttempt
        self.indexed = indexed
        self.failed = failed
    }
}
