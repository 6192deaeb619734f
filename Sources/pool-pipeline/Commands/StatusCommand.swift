import ControlSocket
import Foundation
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
        let store = try IndexOption.openExisting(indexPath)
        var saved = try SavedStatus.load(from: store)
        let captures = try store.captureCount, failures = try store.failureCount
        let models = ModelsStatusFile(root: ModelsConfiguration.root(forIndex: indexPath)).load()
        let visual = try store.visuallyIndexedCount
        let watcher = liveWatcher()
        if let live = watcher?.status {
            saved.status.phase = live.phase
            saved.status.detail = live.detail
            saved.status.pauseReason = live.pauseReason
            if let liveLast = live.lastRun, liveLast.finishedAt > saved.status.lastRun?.finishedAt ?? .distantPast {
                saved.status.lastRun = liveLast
            }
        }
        if json {
            var report = StatusReport(saved: saved, captures: captures, failures: failures)
            report.models = models
            report.visuallyIndexedAssets = visual
            report.watcher = watcher
            print(jsonLine(report), terminator: "")
            return .success
        }
        let status = saved.status
        print("phase: \(status.phase.rawValue)")
        print("detail: \(status.detail.text)")
        if let pid = saved.runningPID { print("running: process \(pid)") }
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
        print("index: \(indexPath) (\(captures) captures, \(failures) failed)")
        print("models: \(models.summary); \(visual) of \(captures) captures have an image vector")
        return .success
    }
}

extension StatusCommand {
    /// The live state of the watcher serving the index's control socket, if one does.
    private func liveWatcher() -> WatchReport? {
        guard let line = try? ControlClient.send("status", to: WatchControl.socketPath(for: indexPath)) else {
            return nil
        }
        return (try? WatchControl.decode(line))?.report
    }

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
    var models: ModelsStatus = .notInstalled
    /// Captures that have an image vector.
    var visuallyIndexedAssets = 0
    /// The watcher serving the control socket, when one does.
    var watcher: WatchReport?

    init(saved: SavedStatus, captures: Int, failures: Int) {
        phase = saved.status.phase.rawValue
        detail = saved.status.detail
        lastRun = saved.status.lastRun
        pauseReason = saved.status.pauseReason
        runningPID = saved.runningPID
        self.captures = captures
        self.failures = failures
    }
}
