import ControlSocket
import DecodeStages
import FileWatch
import Foundation
import ModelInstall
import PoolPipeline
import Runner

extension RunCommand {
    /// `--watch`: watches the sources' folders and serves the control socket while passes run again and again,
    /// until stopped. The socket is this process's (the supervised child's): see `WatchControl`.
    func runWatching(firstAttempt: Date?, control: PendingRunControl) async throws -> ExitCode {
        let flag = PauseFlag(indexPath: indexPath)
        let models = ModelDelivery(configuration: .from(indexPath: indexPath), indexPath: indexPath, pipeline: pipeline)
        _ = showModelEvents(models)
        defer { models.cancel(); models.finish() }
        let watcher = IndexWatcher(clock: ContinuousClock(), firstAttempt: firstAttempt, pauseFlag: flag) {
            [pipeline, indexPath, mode] inProgress in
            models.useInstalledModel()      // once installed, each pass embeds as it goes
            let indexer = try Indexer(pipeline: pipeline, indexPath: indexPath, mode: mode, filesInProgress: inProgress)
            try indexer.requireStorage()
            return indexer
        }
        control.attach(watcher)
        let folders = try watchFolders(for: watcher)
        defer { folders?.cancel() }
        let server = serveControl(watcher: watcher, folders: folders)
        defer { server?.close() }
        if flag.isSet { printError("paused (since \(flag.path) was set); `pool-pipeline resume` to go on") }
        if let firstAttempt, firstAttempt > Date() { announce(next: firstAttempt) }
        let summary = try await watcher.run { [self] event in
            switch event {
            case .passStarted(let indexer, let reason):
                if style != .json { printError("pass: \(reason)") }
                let install = Task { await models.installAfterListing(indexer.runner) }    // the pass never waits for it
                Task {
                    await showProgress(of: indexer.runner).value
                    let status = indexer.runner.status
                    report(status: status)
                    await deliverModels(models, installing: install)      // vectors for what this pass committed
                    if let next = status.lastRun?.nextAttempt { announce(next: next) }
                }
            case .passEnded:
                break
            case .waiting:
                break
            }
        }
        switch watcher.stopReason {
        case .user?: return .interrupted
        case .system?: return .terminated
        case nil: return summary.map(exitCode) ?? .success
        }
    }

    /// Watches the folders of the pipeline's folder sources that exist now. Without inotify (a watch limit
    /// reached, ...) or for a folder missing now, the periodic pass is what finds changes, and the watch says so.
    private func watchFolders(for watcher: IndexWatcher<ContinuousClock>) throws -> FolderWatch? {
        let extensions = FolderSource.supportedExtensions()
        var roots: [String] = []
        for root in try WatchedFolders.roots(pipeline: pipeline) {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue {
                roots.append(root)
            } else {
                printError("watch: \(root) is not a folder now; only the periodic pass will look at it")
            }
        }
        do {
            return try FolderWatch(
                roots: roots,
                include: { name in extensions.contains((name as NSString).pathExtension.lowercased()) },
                warn: { printError("watch: \($0)") },
                report: { watcher.record($0) })
        } catch {
            printError("watch: \(error); new files are found by the periodic pass only")
            return nil
        }
    }

    /// Serves `INDEX.control`; without it (another watcher serves it, the path is too long) the watch goes on and
    /// says why.
    private func serveControl(watcher: IndexWatcher<ContinuousClock>, folders: FolderWatch?) -> ControlServer? {
        do {
            return try ControlServer(path: WatchControl.socketPath(for: indexPath)) { request in
                WatchControl.answer(request, watcher: watcher, watchedFolders: { folders?.watchedFolders ?? 0 })
            }
        } catch {
            printError("watch: no control socket (\(error)); pause and resume reach the run under way by signal only")
            return nil
        }
    }
}
