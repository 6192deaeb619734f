import Foundation
import IndexClient
import PoolPipeline

extension RunCommand {
    /// `--watch`: the library's watching run (`IndexRun`: folders watched, the control socket served, passes again
    /// and again until stopped), shown as it goes. The socket is this process's (the supervised child's): see
    /// `WatchControl`.
    func runWatching(_ run: IndexRun, control: PendingRunControl) async throws -> ExitCode {
        _ = showModelEvents(run.modelEvents)
        let summary = try await run.run { [self] event in
            switch event {
            case .ready:
                control.attach(run)
            case .warning(let text):
                printError("watch: \(text)")
            case .startedPaused(let flag):
                printError("paused (since \(flag) was set); `pool-pipeline resume` to go on")
            case .waitingForFirstAttempt(let next):
                announce(next: next)
            case .passStarted(let runner, let reason, let delivered):
                if style != .json { printError("pass: \(reason ?? "")") }
                Task {
                    await showProgress(of: runner).value
                    let status = runner.status
                    report(status: status)
                    report(await delivered.value)       // vectors for what this pass committed
                    if let next = status.lastRun?.nextAttempt { announce(next: next) }
                }
            }
        }
        switch run.stopReason {
        case .user?: return .interrupted
        case .system?: return .terminated
        case nil: return summary.map(exitCode) ?? .success
        }
    }
}
