import Foundation
import IndexClient
import ModelInstall
import PoolPipeline
import Runner
import Store

/// `pool-pipeline status`: where indexing stands, read from the index (a run in another process included).
struct StatusCommand: Command {
    static let name = "status"
    static let abstract = "Show where indexing stands: phase, detail, last run, pause reason"
    static let help = """
        Usage: pool-pipeline status [--index PATH] [--json]

        Reads the status that the running (or last) `run` saved in the index. A run whose process died without
        ending reads as interrupted. When a watcher (`run --watch`) serves INDEX.control, its live status comes
        from it: every phase (waitingForGrant, waitingForPermission, paused between passes included), the
        changes waiting for a pass, and inotify overflows.

        Options:
        \(IndexOption.help)  --json         print the status as one JSON object

        """

    let indexPath: String
    let json: Bool

    init(_ words: [String]) throws {
        let arguments = try Arguments(words, options: ["index"], flags: ["json"])
        _ = try arguments.positionals()
        indexPath = IndexOption.path(arguments)
        json = arguments.has("json")
    }

    func run() async throws -> ExitCode {
        try IndexOption.openExisting(indexPath).close()      // no index here is a usage error, as before
        let current = try PoolIndex(path: indexPath).status()
        if json {
            print(jsonLine(StatusReport(current)), terminator: "")
            return .success
        }
        let status = current.index
        let watcher = current.watcher
        print("phase: \(status.phase.rawValue)")
        print("detail: \(status.detail.text)")
        if let pid = current.runningPID { print("running: process \(pid)") }
        if let watcher { printWatcher(watcher) }
        for note in status.detail.notes { print("note: \(note)") }
        if let reason = status.pauseReason {
            print("pause reason: \(reason.kind.rawValue)" + (reason.failureDescription.map { " (\($0))" } ?? ""))
        }
        if let last = status.lastRun {
            var line = "last run: \(last.reason.rawValue) at \(ISO8601DateFormatter().string(from: last.finishedAt)), "
            line += "\(last.indexed) indexed, \(last.failed) failed"
            if let next = last.nextAttempt { line += ", next attempt \(ISO8601DateFormatter().string(from: next))" }
            print(line)
        } else {
            print("last run: none")
        }
        print("index: \(indexPath) (\(current.captures) captures, \(current.failures) failed)")
        print("models: \(current.models.summary); \(current.visuallyIndexedAssets) of \(current.captures) captures "
              + "have an image vector")
        return .success
    }
}

extension StatusCommand {
    private func printWatcher(_ watcher: WatchReport) {
        let formatter = ISO8601DateFormatter()
        var line = "watcher: process \(watcher.pid), \(watcher.paused ? "paused" : "running"), watching "
        line += "\(watcher.watchedFolders) folder\(watcher.watchedFolders == 1 ? "" : "s"), "
        line += "\(watcher.passes) pass\(watcher.passes == 1 ? "" : "es")"
        if watcher.passUnderWay { line += ", a pass under way" }
        if let reason = watcher.lastPassReason { line += " (last for: \(reason))" }
        print(line)
        if watcher.pendingChanges > 0 {
            print("changes waiting: \(watcher.pendingChanges) (\(watcher.filesBeingWritten) still being written)")
        }
        if watcher.overflows > 0 {
            let last = watcher.lastOverflow.map { " (last at \(formatter.string(from: $0)))" } ?? ""
            print("note: the inotify queue overflowed \(watcher.overflows) times\(last); a full pass followed each")
        }
        if let next = watcher.nextPeriodicPass { print("next full pass: \(formatter.string(from: next))") }
    }
}

/// What `status --json` prints.
struct StatusReport: Encodable {
    var phase: String
    var detail: StatusDetail
    var lastRun: LastRun?
    var pauseReason: PauseReason?
    var runningPID: Int32?
    var captures: Int
    var failures: Int
    /// Where the engine models stand (`pool-pipeline models status`).
    var models: ModelsStatus
    /// Captures that have an image vector.
    var visuallyIndexedAssets: Int
    /// The watcher serving the control socket, when one does.
    var watcher: WatchReport?

    init(_ current: PoolIndexStatus) {
        phase = current.phase.rawValue
        detail = current.detail
        lastRun = current.lastRun
        pauseReason = current.pauseReason
        runningPID = current.runningPID
        captures = current.captures
        failures = current.failures
        models = current.models
        visuallyIndexedAssets = current.visuallyIndexedAssets
        watcher = current.watcher
    }
}
