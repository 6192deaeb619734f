import FileWatch
import Foundation
import PoolPipeline
import Runner
import Store
import Testing
import TestSupport

@Suite("run --watch: new captures within seconds, on a manual clock")
struct LiveWatcherTests {
    @Test func givenAWatcherBetweenPasses_whenAFileIsDropped_thenItIsIndexedWithoutAPassBeingDue() async throws {
        let workspace = try LiveWorkspace()
        let watcher = workspace.watcher()
        let (task, _) = try workspace.start(watcher)
        let first = await workspace.nextPass()
        #expect(first.reason == .scheduled && first.summary.indexed == 0)

        try Data(repeating: 7, count: 1_000).write(to: URL(fileURLWithPath: workspace.library + "/new.png"))
        await workspace.reported { $0.kind == .complete }
        workspace.clock.advance(by: .seconds(1))        // past the settle time; the periodic pass is 15 min away
        let second = await workspace.nextPass()
        #expect(second.reason == .changes(1))
        #expect(second.summary.indexed == 1 && workspace.bytesRead("new.png") == [1_000])
        #expect(try SavedStatus.load(from: IndexStore(path: workspace.index)).status.lastRun?.indexed == 1)

        watcher.stop(.user)
        _ = try await task.value
    }

    @Test func givenAFileStillBeingWritten_thenNoPassReadsItUntilItIsComplete() async throws {
        let workspace = try LiveWorkspace()
        let watcher = workspace.watcher()
        let (task, _) = try workspace.start(watcher)
        _ = await workspace.nextPass()

        // Created and half written, still open (IN_CREATE, IN_MODIFY; no IN_CLOSE_WRITE yet).
        let descriptor = open(workspace.library + "/big.png", O_CREAT | O_WRONLY, 0o644)
        try #require(descriptor >= 0)
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try handle.write(contentsOf: Data(repeating: 1, count: 500))
        await workspace.reported { $0.kind == .writing }
        await workspace.reported { $0.kind == .writing }
        workspace.clock.advance(by: .seconds(10))       // past settle and max delay, within the write timeout
        #expect(watcher.indexNow(), "an index-now waits for the file too")
        let held = await workspace.next { $0.isPassStart || $0.waiting?.requestPending == true }
        #expect(!held.contains { $0.isPassStart }, "no pass while big.png is open for writing")
        #expect(held.last?.waiting?.filesBeingWritten == 1)

        try handle.write(contentsOf: Data(repeating: 2, count: 500))
        try handle.close()
        await workspace.reported { $0.kind == .complete }
        workspace.clock.advance(by: .seconds(1))
        let pass = await workspace.nextPass()
        #expect(pass.reason == .changes(1) && pass.summary.indexed == 1)
        #expect(workspace.bytesRead("big.png") == [1_000], "read once, whole")

        watcher.stop(.user)
        _ = try await task.value
    }

    @Test func givenAnInotifyOverflow_thenAFullPassFollowsAndTheStatusSaysSo() async throws {
        let workspace = try LiveWorkspace()
        try Data(repeating: 3, count: 10).write(to: URL(fileURLWithPath: workspace.library + "/a.png"))
        let watcher = workspace.watcher()
        let (task, folders) = try workspace.start(watcher)
        _ = await workspace.nextPass()
        // Events were lost: a file came in that no event names.
        try Data(repeating: 4, count: 20).write(to: URL(fileURLWithPath: workspace.library + "/lost.png"))
        await workspace.reported { $0.kind == .complete }
        watcher.record(.overflow)
        workspace.clock.advance(by: .seconds(1))
        let pass = await workspace.nextPass()
        #expect(pass.reason == .overflow)
        #expect(workspace.bytesRead("lost.png") == [20], "the full pass found the file no event named")
        let report = watcher.report(watchedFolders: folders.watchedFolders)
        #expect(report.overflows == 1 && report.lastOverflow != nil && report.lastPassReason?.contains("overflow") == true)

        watcher.stop(.user)
        _ = try await task.value
    }

    @Test func givenAPausedWatcher_whenStartedAgain_thenItStaysPausedUntilResumed() async throws {
        let workspace = try LiveWorkspace()
        let first = workspace.watcher()
        let (task, _) = try workspace.start(first)
        _ = await workspace.nextPass()
        try first.setPaused(true)
        await workspace.next { $0.waiting?.paused == true }
        first.stop(.system)
        _ = try await task.value

        try Data(repeating: 5, count: 10).write(to: URL(fileURLWithPath: workspace.library + "/while-down.png"))
        let again = workspace.watcher()
        let (restarted, folders) = try workspace.start(again)
        let start = await workspace.next { $0.waiting != nil || $0.isPassStart }
        #expect(start.last?.waiting?.paused == true, "no pass: still paused")
        let report = again.report(watchedFolders: folders.watchedFolders)
        #expect(report.paused && report.passes == 0 && report.status.phase == .paused)
        #expect(report.status.pauseReason == .byApp)

        try again.setPaused(false)
        let pass = await workspace.nextPass()
        #expect(pass.reason == .scheduled && pass.summary.indexed == 1)
        #expect(!PauseFlag(indexPath: workspace.index).isSet)
        again.stop(.user)
        _ = try await restarted.value
    }
}
