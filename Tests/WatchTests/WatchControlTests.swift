import ControlSocket
import FileWatch
import Foundation
import PoolPipeline
import Runner
import Store
import Testing
import TestSupport

/// A live workspace whose watcher also serves its control socket, as `run --watch` does.
struct ControlledWatch {
    let workspace: LiveWorkspace
    let watcher: IndexWatcher<ManualClock>
    let task: Task<RunSummary?, any Error>
    let server: ControlServer

    init(_ workspace: LiveWorkspace) throws {
        self.workspace = workspace
        watcher = workspace.watcher()
        let (task, folders) = try workspace.start(watcher)
        self.task = task
        server = try ControlServer(path: WatchControl.socketPath(for: workspace.index)) { [watcher] request in
            WatchControl.answer(request, watcher: watcher, watchedFolders: { folders.watchedFolders })
        }
    }

    func cli(_ words: String...) async throws -> SecondProcess.Result {
        try await SecondProcess.run(words + ["--index", workspace.index])
    }

    func end() async throws {
        watcher.stop(.user)
        _ = try await task.value
        server.close()
    }
}

@Suite("pause, resume, index-now and status from a second process", .serialized)
struct WatchControlTests {
    @Test func givenAWatcherBetweenPasses_thenPauseResumeIndexNowAndStatusActOnIt() async throws {
        let watch = try ControlledWatch(try LiveWorkspace())
        _ = await watch.workspace.nextPass()

        let paused = try await watch.cli("pause")
        #expect(paused.status == 0 && paused.stdout.contains("paused (between passes)"), "\(paused)")
        #expect(PauseFlag(indexPath: watch.workspace.index).isSet)
        let status = try await watch.cli("status")
        #expect(status.stdout.contains("phase: paused") && status.stdout.contains("watcher: process \(getpid()), paused"),
                "\(status)")
        let refused = try await watch.cli("index-now")
        #expect(refused.status == 1 && refused.stderr.contains("paused; resume it first"))

        let resumed = try await watch.cli("resume")
        #expect(resumed.status == 0 && !PauseFlag(indexPath: watch.workspace.index).isSet)
        let now = try await watch.cli("index-now")
        #expect(now.status == 0, "\(now)")
        let pass = await watch.workspace.nextPass()
        #expect(pass.reason == .requested, "a pass without waiting for the clock")
        try await watch.end()
    }

    @Test func givenAPassUnderWay_thenPauseHoldsItAndResumeLetsItFinish() async throws {
        let workspace = try LiveWorkspace()
        workspace.holdReads.store(true, ordering: .sequentiallyConsistent)
        try Data(repeating: 1, count: 10).write(to: URL(fileURLWithPath: workspace.library + "/a.png"))
        let watch = try ControlledWatch(workspace)
        await workspace.gate.waitForArrivals(1)          // the pass is inside the stage

        let paused = try await watch.cli("pause")
        #expect(paused.status == 0 && paused.stdout.contains("(a pass is under way)"), "\(paused)")
        let status = try await watch.cli("status", "--json")
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let report = try decoder.decode(StatusLine.self, from: Data(status.stdout.utf8))
        #expect(report.phase == "paused" && report.watcher?.passUnderWay == true && report.watcher?.paused == true)
        let refused = try await watch.cli("index-now")
        #expect(refused.status == 1)

        let resumed = try await watch.cli("resume")
        #expect(resumed.status == 0 && resumed.stdout.contains("(a pass is under way)"))
        workspace.gate.open()
        let pass = await workspace.nextPass()
        #expect(pass.summary.reason == .completed && pass.summary.indexed == 1)
        try await watch.end()
    }

    @Test func givenAWatcherWaitingForAnotherProcess_thenStatusFromAThirdShowsWaitingForGrant() async throws {
        let workspace = try LiveWorkspace()
        _ = try IndexStore(path: workspace.index)
        let other = ForeignLock(path: IndexLock.lockPath(for: workspace.index))
        #expect(other.tryLock())
        let watch = try ControlledWatch(workspace)
        let started = await workspace.next { $0.isPassStart }
        guard case .passStarted(let indexer, _)? = started.last else { Issue.record("no pass"); return }
        for await live in indexer.runner.statusUpdates() where live.phase == .waitingForGrant { break }
        let status = try await watch.cli("status")
        #expect(status.stdout.contains("phase: waitingForGrant"), "\(status)")
        #expect(status.stdout.contains("detail: Waiting for another process"), "\(status)")
        other.release()
        let pass = await workspace.nextPass()
        #expect(pass.summary.reason == .completed)
        try await watch.end()
        withExtendedLifetime(other) {}
    }

    @Test func givenAWatcherThatCannotReadItsFolder_thenStatusFromAnotherProcessShowsWaitingForPermission() async throws {
        let workspace = try LiveWorkspace()
        try FileManager.default.removeItem(atPath: workspace.library)
        let watch = try ControlledWatch(workspace)
        let pass = await workspace.nextPass()
        #expect(pass.summary.reason == .waiting)
        let status = try await watch.cli("status")
        #expect(status.stdout.contains("phase: waitingForPermission"), "\(status)")
        #expect(status.stdout.contains("detail: Waiting for permission to read \(workspace.library)"), "\(status)")

        // The folder comes back: its creation is seen (the parent is watched) and a pass follows.
        try FileManager.default.createDirectory(atPath: workspace.library, withIntermediateDirectories: true)
        try Data(repeating: 1, count: 10).write(to: URL(fileURLWithPath: workspace.library + "/back.png"))
        await workspace.reported { $0.path.hasSuffix("back.png") && $0.kind == .complete }
        let again = await workspace.nextPass(advancingBy: .seconds(1))
        #expect(again.summary.reason == .completed && again.summary.indexed == 1)
        try await watch.end()
    }

    @Test func givenNoWatcher_thenIndexNowSaysSo() async throws {
        let workspace = try LiveWorkspace()
        _ = try IndexStore(path: workspace.index)
        let result = try await SecondProcess.run(["index-now", "--index", workspace.index])
        #expect(result.status == 1 && result.stderr.contains("no watcher runs on \(workspace.index)"))
    }
}

/// The parts of `status --json` these tests read.
struct StatusLine: Decodable {
    var phase: String
    var watcher: WatchReport?
}

@Suite("The watcher's commands explain themselves")
struct WatchHelpTests {
    @Test func givenTheNewCommands_thenEachHasHelp() async throws {
        for command in ["index-now", "service"] {
            let result = try await SecondProcess.run([command, "--help"])
            #expect(result.status == 0 && result.stdout.hasPrefix("Usage: pool-pipeline \(command)"), "\(command)")
        }
        let usage = try await SecondProcess.run(["service", "restart"])
        #expect(usage.status == 64 && usage.stderr.contains("unknown action \"restart\" (install, uninstall, status)"))
    }
}
