import Foundation
import Runner

/// What a running watcher says about itself over its control socket (`pool-pipeline status` from another process):
/// the live status of the pass under way or of the last one, whatever its phase (`waitingForGrant` and
/// `waitingForPermission` included), and the watch's own state.
public struct WatchReport: Sendable, Codable, Equatable {
    /// The watcher's process.
    public var pid: Int32
    /// The live status: the pass under way's, else the last pass's; phase `paused` while the watcher is paused.
    public var status: IndexStatus
    /// Paused on request (`pool-pipeline pause`); kept across the watcher's restart until resumed.
    public var paused: Bool
    public var passUnderWay: Bool
    /// Files changed since the last pass began, waiting for the next one (those being written included).
    public var pendingChanges: Int
    /// Files still being written, which hold the next pass until they are complete.
    public var filesBeingWritten: Int
    public var watchedFolders: Int
    /// How often the kernel's event queue overflowed (each time a full pass follows), and when it last did.
    public var overflows: Int
    public var lastOverflow: Date?
    /// When the periodic pass (the safety net) is next due.
    public var nextPeriodicPass: Date?
    /// Passes run since the watcher started, and why the last one ran.
    public var passes: Int
    public var lastPassReason: String?

    public init(pid: Int32, status: IndexStatus, paused: Bool, passUnderWay: Bool, pendingChanges: Int,
                filesBeingWritten: Int, watchedFolders: Int, overflows: Int, lastOverflow: Date?,
                nextPeriodicPass: Date?, passes: Int, lastPassReason: String?) {
        self.pid = pid
        self.status = status
        self.paused = paused
        self.passUnderWay = passUnderWay
        self.pendingChanges = pendingChanges
        self.filesBeingWritten = filesBeingWritten
        self.watchedFolders = watchedFolders
        self.overflows = overflows
        self.lastOverflow = lastOverflow
        self.nextPeriodicPass = nextPeriodicPass
        self.passes = passes
        self.lastPassReason = lastPassReason
    }
}

/// Why the watcher runs a pass.
public enum PassReason: Sendable, Equatable, CustomStringConvertible {
    /// The first pass, or the periodic one (the last pass's next attempt came).
    case scheduled
    /// Files changed under a watched folder.
    case changes(Int)
    /// The kernel's event queue overflowed: events were lost, so a full pass.
    case overflow
    /// `pool-pipeline index-now`.
    case requested
    /// `pool-pipeline options set` (or `PoolIndex.setOptions`) changed the index options, applied in place.
    case optionsChanged

    public var description: String {
        switch self {
        case .scheduled: "scheduled"
        case .changes(let count): "\(count) changed file\(count == 1 ? "" : "s")"
        case .overflow: "inotify queue overflow (full pass)"
        case .requested: "index-now"
        case .optionsChanged: "index options changed"
        }
    }
}

/// What the watcher tells its observer as it goes.
public enum WatchEvent: Sendable {
    case passStarted(Indexer, PassReason)
    case passEnded(RunSummary)
    /// Nothing to do now: the watcher waits for a change, a request, its next deadline, or to be resumed.
    case waiting(WaitingState)
}

/// What a waiting watcher waits on, as it decided to wait.
public struct WaitingState: Sendable, Equatable {
    /// When it looks again by itself (nil: only when a change or request comes).
    public var until: Date?
    public var paused: Bool
    /// Files still being written, which hold every pass (an `index-now` or periodic one too).
    public var filesBeingWritten: Int
    public var pendingChanges: Int
    /// An `index-now` that waits (for files being written).
    public var requestPending: Bool
}
